import type { ThemeConfig } from 'antd';

/**
 * The one theme of the back office (docs/accessibility.md), given to antd's ConfigProvider by AppProviders.
 * Colours are chosen for WCAG 2.2 AA: 4.5:1 for text (white on the primary blue, links, the selected menu item,
 * secondary, description and placeholder text, error messages), 3:1 for input borders and focus rings.
 * antd's defaults miss it: white on #1677ff is 4.1:1, #8c8c8c text on white 3.4:1, #d9d9d9 borders 1.4:1.
 */
export const COLORS = {
  /** antd's blue-7: the same blue, one step darker (white on it 6.2:1; on the page's #f5f5f5 5.7:1). */
  primary: '#0958d9',
  /** Hovered and pressed primary controls and links go darker, not lighter (antd's derived hover, #4096ff-like, is
   * 3.1:1 with white): blue-8 and blue-9, 8.6:1 and 11:1. */
  primaryHover: '#003eb3',
  primaryActive: '#002c8c',
  /** antd's red-7 (5.9:1 on white): error messages are text. */
  error: '#cf1322',
  /** A hovered danger button: red-8 (7.5:1 with white), not antd's lighter derived red. */
  errorHover: '#a8071a',
  /** Secondary text (labels, hints): 7:1 on white. */
  textSecondary: 'rgba(0, 0, 0, 0.65)',
  /** Descriptions and placeholders: #666 and #6e6e6e on white, 5.7:1 and 5.1:1. */
  textTertiary: 'rgba(0, 0, 0, 0.6)',
  placeholder: '#6e6e6e',
  /** Input, select and button borders: 3.4:1 on white (WCAG 1.4.11 non-text contrast). */
  border: '#8c8c8c',
  /** The focus ring drawn around any focused control (styles.css): 6.2:1 on white. */
  focusRing: '#0958d9',
} as const;

export const THEME: ThemeConfig = {
  token: {
    colorPrimary: COLORS.primary,
    colorPrimaryHover: COLORS.primaryHover,
    colorPrimaryActive: COLORS.primaryActive,
    colorPrimaryTextHover: COLORS.primaryHover,
    colorLinkHover: COLORS.primaryHover,
    colorLinkActive: COLORS.primaryActive,
    colorErrorHover: COLORS.errorHover,
    colorErrorTextHover: COLORS.errorHover,
    colorLink: COLORS.primary,
    colorInfo: COLORS.primary,
    colorError: COLORS.error,
    colorTextSecondary: COLORS.textSecondary,
    colorTextTertiary: COLORS.textTertiary,
    colorTextDescription: COLORS.textTertiary,
    colorTextPlaceholder: COLORS.placeholder,
    colorBorder: COLORS.border,
    borderRadius: 6,
    // antd's own focus shadow is a 10% tint; the visible ring is the :focus-visible outline in styles.css.
    controlOutline: 'rgba(9, 88, 217, 0.35)',
  },
  components: {
    // A tag's text is its colour's 7th shade on the 1st, which some colours miss (green 3.4:1, gold 2.4:1): here
    // those take a darker shade, so that every preset and status tag reads at 4.5:1 and more on its tint.
    Tag: {
      green7: '#237804',
      gold7: '#874d00',
      orange7: '#ad4e00',
      volcano7: '#ad2102',
      yellow7: '#876800',
      lime7: '#3f6600',
      cyan7: '#006d75',
      colorSuccess: '#237804',
      colorWarning: '#874d00',
      colorInfo: COLORS.primary,
      colorError: COLORS.error,
    },
  },
};
