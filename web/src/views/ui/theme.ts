/**
 * Light and dark themes. The colours are CSS custom properties on the stepper's root element
 * (web/src/styles/theme.css); the theme is its data-theme attribute. A stepper follows the system's
 * prefers-color-scheme until the learner presses the theme button; that choice is remembered.
 */
import type { Theme } from "../../state/stepper-options";
import { makeButton } from "./dom";

/** Fired on the root (bubbling) after its theme changes, so canvas drawings can redraw. */
export const THEME_EVENT = "stepper-theme";

const STORAGE_KEY = "attention-stepper-theme";

/** The system's preference, light when unknown. */
export function systemTheme(win: Window = window): Theme {
  return win.matchMedia?.("(prefers-color-scheme: dark)").matches ? "dark" : "light";
}

/** The learner's saved choice, if any (storage may be blocked, e.g. in a sandboxed iframe). */
function savedTheme(): Theme | null {
  try {
    const v = localStorage.getItem(STORAGE_KEY);
    return v === "dark" || v === "light" ? v : null;
  } catch {
    return null;
  }
}

function saveTheme(theme: Theme): void {
  try {
    localStorage.setItem(STORAGE_KEY, theme);
  } catch {
    // Not remembered; the theme still applies to this page.
  }
}

/** Sets `root`'s theme and tells its drawings. */
export function applyTheme(root: HTMLElement, theme: Theme): void {
  if (root.dataset.theme === theme) return;
  root.dataset.theme = theme;
  root.dispatchEvent(new CustomEvent(THEME_EVENT, { bubbles: true, detail: theme }));
}

export function currentTheme(root: HTMLElement): Theme {
  return root.dataset.theme === "dark" ? "dark" : "light";
}

export interface ThemeToggle {
  button: HTMLButtonElement;
  /** Shows `theme` (an embedder's choice), the button following; nothing is remembered. */
  show(theme: Theme): void;
  /** Stops following the system preference. */
  dispose(): void;
}

/**
 * Adds a "Dark theme" toggle button (aria-pressed = dark) to `host` and gives `root` its first
 * theme: the saved choice, else the system's (followed live until the learner chooses).
 */
export function createThemeToggle(host: HTMLElement, root: HTMLElement): ThemeToggle {
  const doc = host.ownerDocument;
  const win = doc.defaultView ?? window;
  const button = makeButton(
    "theme-toggle small",
    "Dark theme",
    "Switch between the light and the dark theme",
  );
  const sync = () => button.setAttribute("aria-pressed", String(currentTheme(root) === "dark"));

  let chosen = savedTheme();
  applyTheme(root, chosen ?? systemTheme(win));
  sync();

  const media = win.matchMedia?.("(prefers-color-scheme: dark)");
  const onSystem = () => {
    if (chosen) return;
    applyTheme(root, systemTheme(win));
    sync();
  };
  media?.addEventListener("change", onSystem);

  button.addEventListener("click", () => {
    chosen = currentTheme(root) === "dark" ? "light" : "dark";
    saveTheme(chosen);
    applyTheme(root, chosen);
    sync();
  });
  host.append(button);
  const show = (theme: Theme) => {
    applyTheme(root, theme);
    sync();
  };
  return { button, show, dispose: () => media?.removeEventListener("change", onSystem) };
}
