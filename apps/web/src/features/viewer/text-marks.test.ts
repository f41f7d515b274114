import { describe, expect, it } from 'vitest';
import { markBoxes, type TextRun } from './text-marks';

const run = (str: string, x: number, y: number): TextRun => ({ str, x, y, width: str.length * 10, height: 12 });

// Issue 26, item 9: the viewer marks the searched words on the page, where pdf.js puts the text.
describe('the boxes over the words searched', () => {
  it('covers the matched characters of a run, case-insensitive, every time they occur', () => {
    expect(markBoxes([run('The Protocol and protocol', 100, 50)], 'PROTOCOL')).toEqual([
      { x: 140, y: 50, width: 80, height: 12 },
      { x: 270, y: 50, width: 80, height: 12 },
    ]);
  });

  it('marks a phrase broken across runs and lines on each of them', () => {
    expect(markBoxes([run('clinical pro', 10, 20), run('tocol here', 10, 40)], 'protocol')).toEqual([
      { x: 100, y: 20, width: 30, height: 12 },
      { x: 10, y: 40, width: 50, height: 12 },
    ]);
  });

  it('finds Chinese words and nothing for an empty query or an absent word', () => {
    expect(markBoxes([run('临床试验方案', 0, 0)], '试验')).toEqual([{ x: 20, y: 0, width: 20, height: 12 }]);
    expect(markBoxes([run('text', 0, 0)], '  ')).toEqual([]);
    expect(markBoxes([run('text', 0, 0)], 'absent')).toEqual([]);
  });
});
