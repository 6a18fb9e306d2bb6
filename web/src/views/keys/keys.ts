/**
 * The keys panel of the side column: what each key does. Static text; its host is the layout's
 * `keys` section (views/layout/layout.ts).
 */
const KEYS_HTML = `<h2 id="keys-title" class="panel-title">Keys</h2>
  <dl>
    <div>
      <dt><kbd>←</kbd> <kbd>→</kbd></dt>
      <dd>previous / next step</dd>
    </div>
    <div>
      <dt><kbd>Space</kbd></dt>
      <dd>play / pause</dd>
    </div>
    <div>
      <dt><kbd>Home</kbd> <kbd>End</kbd></dt>
      <dd>first / last step</dd>
    </div>
    <div>
      <dt><kbd>[</kbd> <kbd>]</kbd></dt>
      <dd>previous / next head</dd>
    </div>
    <div>
      <dt><kbd>↑</kbd> <kbd>↓</kbd></dt>
      <dd>previous / next query</dd>
    </div>
    <div>
      <dt><kbd>Tab</kbd></dt>
      <dd>into a matrix, then arrows move between cells</dd>
    </div>
    <div>
      <dt><kbd>Enter</kbd> <kbd>F2</kbd> <kbd>0</kbd>–<kbd>9</kbd></dt>
      <dd>edit a number of X or a W (Enter keeps it, Esc cancels)</dd>
    </div>
    <div>
      <dt><kbd>Ctrl</kbd>+<kbd>Z</kbd>, <kbd>Ctrl</kbd>+<kbd>Shift</kbd>+<kbd>Z</kbd></dt>
      <dd>undo / redo an edit</dd>
    </div>
    <div>
      <dt><kbd>P</kbd>, <kbd>Esc</kbd></dt>
      <dd>presentation mode: full screen, large type / leave it</dd>
    </div>
  </dl>
  <p class="hint">Keys work when the focus is not in a text field.</p>`;

/** Fills the layout's keys section. */
export function fillKeys(host: HTMLElement): void {
  host.innerHTML = KEYS_HTML;
}
