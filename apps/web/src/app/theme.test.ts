import { theme as antdTheme } from 'antd';
import { describe, expect, it } from 'vitest';
import { appTheme } from './theme';

/** A colour as antd writes it (#rgb, #rrggbb, rgba()), over `under` when it is translucent: its 0–255 channels. */
function rgb(color: string, under: number[] = [255, 255, 255]): number[] {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(color)?.[1];
  if (hex) {
    const full = hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex;
    return [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16));
  }
  const parts = /^rgba?\(([^)]+)\)$/.exec(color.replace(/\s/g, ''))?.[1].split(',').map(Number);
  if (!parts) throw new Error(`not a colour: ${color}`);
  const alpha = parts[3] ?? 1;
  // Rounded to whole channels, as the browser paints it (and axe measures it).
  return parts.slice(0, 3).map((c, i) => Math.round(c * alpha + under[i] * (1 - alpha)));
}

/** WCAG 2.1's contrast ratio of a text colour on a background. */
export function contrast(text: string, background: string): number {
  const luminance = (c: number[]) =>
    c
      .map((v) => v / 255)
      .map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4))
      .reduce((sum, v, i) => sum + v * [0.2126, 0.7152, 0.0722][i], 0);
  const bg = rgb(background);
  const [hi, lo] = [luminance(rgb(text, bg)), luminance(bg)].sort((a, b) => b - a);
  return (hi + 0.05) / (lo + 0.05);
}

/**
 * Issue 31: contrast comes from the theme, not page by page. Each pair below is text (or a control's edge) the way
 * antd draws it with the app's tokens, against what it is drawn on; WCAG 2.1 AA asks 4.5:1 for text and 3:1 for a
 * control's boundary (1.4.3, 1.4.11).
 */
const token = antdTheme.getDesignToken(process.env.OLD_THEME ? {} : appTheme);

// The backgrounds text sits on: the page's (styles.css), a table's header and hover, a chosen row or menu item; the
// grey texts also on the folder tree's search match (folder-tree.css).
const BACKGROUNDS = ['#ffffff', '#fafafa', '#f5f5f5', '#f5f7fa', token.controlItemBgActive];
const MARKED = ['colorText', 'colorTextSecondary', 'colorTextTertiary', 'colorTextDescription'];
const TEXTS = [
  'colorText',
  'colorTextSecondary',
  'colorTextTertiary',
  'colorTextDescription',
  'colorTextPlaceholder',
  'colorLink',
  'colorErrorText',
  'colorSuccessText',
  'colorWarningText',
] as const;

describe('the theme meets WCAG 2.1 AA contrast', () => {
  it('measures contrast as WCAG does (the check itself can fail)', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 1);
    // antd's default secondary text, #8c8c8c: the 3.36:1 axe reported.
    expect(contrast('rgba(0, 0, 0, 0.45)', '#ffffff')).toBeCloseTo(3.36, 2);
  });

  for (const name of TEXTS) {
    it(`${name} is readable on every background`, () => {
      for (const bg of [...BACKGROUNDS, ...(MARKED.includes(name) ? ['#ffe58f'] : [])])
        expect(contrast(token[name], bg), `${name} on ${bg}`).toBeGreaterThanOrEqual(4.5);
    });
  }

  it('text on filled buttons and the status colours as tags draw them', () => {
    expect(contrast(token.colorTextLightSolid, token.colorPrimary)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(token.colorTextLightSolid, token.colorError)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(token.colorError, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    // A pointer over them: the hover colours.
    expect(contrast(token.colorTextLightSolid, token.colorPrimaryHover)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(token.colorPrimaryHover, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrast(token.colorLinkHover, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrast(token.colorTextLightSolid, token.colorErrorHover)).toBeGreaterThanOrEqual(4.5);
    for (const status of ['Success', 'Info', 'Warning', 'Error'] as const) {
      const bg = token[`color${status}Bg`];
      expect(contrast(token[`color${status}`], bg), status).toBeGreaterThanOrEqual(4.5);
    }
  });

  it("a coloured tag's text on its own background (antd draws shade 7 on shade 1)", () => {
    for (const c of ['blue', 'green', 'gold', 'orange', 'red', 'purple', 'cyan', 'volcano', 'magenta'] as const) {
      // Under both of antd's names for the shade: the page's CSS variable (--ant-green-7) is the second's.
      expect(contrast(token[`${c}7`], token[`${c}1`]), c).toBeGreaterThanOrEqual(4.5);
      expect(contrast(token[`${c}-7`], token[`${c}-1`]), `${c}-7`).toBeGreaterThanOrEqual(4.5);
    }
  });

  it("an empty table's text, drawn in the disabled grey", () => {
    const grey = appTheme.components?.Table?.colorTextDisabled ?? token.colorTextDisabled;
    expect(contrast(grey, '#ffffff')).toBeGreaterThanOrEqual(4.5);
  });

  it("controls' edges and a switch that is off stand out from the page", () => {
    expect(contrast(token.colorBorder, '#ffffff')).toBeGreaterThanOrEqual(3);
    expect(contrast(token.colorTextQuaternary, '#ffffff')).toBeGreaterThanOrEqual(3);
  });
});
