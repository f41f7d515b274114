import type { ThemeConfig } from 'antd';

/**
 * The app's antd theme. Issue 31: every text meets 4.5:1 and every control's edge 3:1 against what it is drawn on
 * (WCAG 2.1 AA, 1.4.3 and 1.4.11), here once rather than page by page; theme.test.ts measures each pair. antd's
 * defaults miss it: grey secondary text #8c8c8c is 3.36:1 on white, placeholders #bfbfbf 1.83:1, the link blue
 * #1677ff 4.1:1, input borders #d9d9d9 1.4:1, and a coloured tag's text (shade 7) on its shade 1 about 3:1.
 */
type Darkened = 'green' | 'gold' | 'orange' | 'cyan' | 'volcano';

/**
 * Coloured tags draw shade 7 on shade 1: the shades that miss 4.5:1 take the next darker one. antd keeps each shade
 * under two names (green7, green-7), and the page's CSS variable is the second's: both are set.
 */
function tagText(shades: Record<Darkened, string>) {
  const out: Partial<Record<`${Darkened}7` | `${Darkened}-7`, string>> = {};
  for (const [color, value] of Object.entries(shades) as [Darkened, string][]) {
    out[`${color}7`] = value;
    out[`${color}-7`] = value;
  }
  return out;
}

export const appTheme: ThemeConfig = {
  token: {
    borderRadius: 6,
    colorPrimary: '#1f5fbf',
    // Links and the "processing" blue follow the brand blue (6.1:1) instead of antd's #1677ff.
    colorInfo: '#1f5fbf',
    colorLink: '#1f5fbf',
    // Secondary text (descriptions, hints, form help, the idle countdown): 5.7:1 on white, 4.6:1 on the tree's
    // yellow search match. Alpha, as antd's greys are, so it stays readable on tinted backgrounds.
    colorTextTertiary: 'rgba(0, 0, 0, 0.6)',
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.56)',
    // Disabled text and a switch that is off: 3.4:1 (a disabled control is exempt from 1.4.3; an off switch is not).
    colorTextQuaternary: 'rgba(0, 0, 0, 0.45)',
    // The edge of inputs, selects, checkboxes and default buttons.
    colorBorder: '#8c8c8c',
    // Red text, danger buttons (white on red) and error messages; the light backgrounds stay antd's.
    colorError: '#cf1322',
    colorSuccess: '#237804',
    colorSuccessBg: '#f6ffed',
    colorSuccessBorder: '#b7eb8f',
    colorWarning: '#ad4e00',
    colorWarningBg: '#fffbe6',
    colorWarningBorder: '#ffe58f',
    // A pointer over a button or a link darkens it instead of lightening it (antd's default hover blue, #417dcc here,
    // is 4.2:1 with white).
    colorPrimaryHover: '#184c99',
    colorLinkHover: '#184c99',
    colorErrorHover: '#a8071a',
    ...tagText({ green: '#237804', gold: '#874d00', orange: '#ad4e00', cyan: '#006d75', volcano: '#ad2102' }),
  },
  components: {
    // An empty table's text ("No data") is drawn in the disabled grey, which 1.4.3 does not exempt: secondary grey.
    Table: { colorTextDisabled: 'rgba(0, 0, 0, 0.6)' },
  },
};
