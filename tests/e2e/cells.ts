// Helpers for the drill-down, meaning and split/concat tests: a matrix cell by its row label, and
// a jump to a stage by the pipeline figure.
import { expect, type Locator, type Page } from "@playwright/test";

/** Value cell `col` (from 0) in the row labelled `row` of the matrix figure `testId`. */
export function cellOf(page: Page, testId: string, row: string, col: number): Locator {
  return page
    .getByTestId(testId)
    .getByRole("row")
    .filter({ has: page.getByRole("rowheader", { name: row, exact: true }) })
    .locator("td[data-r]")
    .nth(col);
}

/** Jumps to `stage` (the Stage enum value) for the focused head and query. */
export async function toStage(page: Page, stage: number): Promise<void> {
  const box = page.getByRole("navigation", { name: "Pipeline" }).locator(`[data-stage="${stage}"]`);
  await box.click();
  // Drawn once the step's parts are loaded from the core's worker: lit when it is on screen.
  await expect(box).toHaveAttribute("aria-current", "step");
}
