/** Imported first by main.tsx so the theme is set before React renders anything. */
import { applyTheme, currentTheme } from './theme';

applyTheme(currentTheme());
