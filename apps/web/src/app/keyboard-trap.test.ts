import { describe, expect, it } from 'vitest';

const sources = import.meta.glob<string>(['../**/*.tsx', '!../**/*.test.tsx'], {
  eager: true,
  query: '?raw',
  import: 'default',
});

/**
 * Issue 31 (WCAG 2.1.2, no keyboard trap): antd's range picker keeps the focus in an empty start field when its ends
 * may not be empty, so Tab never leaves it (the document list's "Created from" was such a trap). Every range picker
 * lets either end be empty; a form that needs both says so in its own rule.
 */
describe('range pickers', () => {
  it('let either end be empty, so Tab can leave them', () => {
    // Each picker's props: from its tag to the end of the (self-closing) element.
    const trapping = Object.entries(sources).flatMap(([file, text]) =>
      [...text.matchAll(/<DatePicker\.RangePicker\b/g)]
        .map((m) => text.slice(m.index, text.indexOf('/>', m.index)))
        .filter((props) => !props.includes('allowEmpty={[true, true]}'))
        .map(() => file),
    );
    expect(Object.keys(sources).length).toBeGreaterThan(100);
    expect(trapping).toEqual([]);
  });
});
