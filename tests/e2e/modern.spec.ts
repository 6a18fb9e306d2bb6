// Today's attention on the page (issue 18): the RoPE dials on the RoPE stage of the queries, the grouped-query
// note with the KV cache's bytes on the K projection, the Mistral-style and ALiBi presets, and
// the form's new fields refused beside their control. Light and dark, with axe.
import AxeBuilder from "@axe-core/playwright";
import { type Page } from "@playwright/test";
import { expect, openApp, snapshot, test } from "./fixtures";

const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

async function expectNoViolations(page: Page, where: string): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  const found = violations.flatMap((v) => v.nodes.map((n) => `${v.id} at ${n.target.join(" ")}`));
  expect(found, `axe violations on ${where}`).toEqual([]);
}

/** Picks a preset and waits for its description and a first step of the new run. */
async function pickPreset(page: Page, name: string, note: string): Promise<void> {
  await page.getByLabel("Preset").selectOption({ label: name });
  await expect(page.locator("#preset-note, [id$='-preset-note']").first()).toContainText(note);
  await expect(page.getByTestId("step-counter")).toHaveText(/^Step 1 of \d+$/);
}

const toStage = (page: Page, stage: number) =>
  page.getByRole("navigation", { name: "Pipeline" }).locator(`[data-stage="${stage}"]`).click();

/** "(a, b)" pairs and the angle of a dial's caption, as numbers. */
function dialNumbers(text: string): { before: number[]; angle: number; after: number[] } {
  const m = /: \(([^)]+)\) turned by (\S+) rad → \(([^)]+)\)/.exec(text)!;
  const nums = (s: string) => s.split(", ").map((x) => Number(x.replace("−", "-")));
  return { before: nums(m[1]!), angle: Number(m[2]!.replace("−", "-")), after: nums(m[3]!) };
}

for (const theme of ["light", "dark"] as const) {
  test.describe(`${theme} theme`, () => {
    test.use({ colorScheme: theme });

    test("Llama-style: RoPE dials on the scores, GQA's sharing and cache", async ({ page }) => {
      await openApp(page);
      await pickPreset(page, "Llama-style: RoPE + GQA", "4 query heads share 2 K/V heads");
      await toStage(page, 1);
      const view = page.getByTestId("step-view");
      await expect(view).toContainText("Head 1 reads K/V head 1");
      await expect(view).toContainText("shared by heads 1, 2 (grouped-query attention)");
      await expect(view).toContainText("131,072 bytes (128 KiB)");
      await expect(view).toContainText("524,288 bytes (512 KiB)");
      await snapshot(page, `gqa-note-${theme}`);
      await expectNoViolations(page, `the K projection with GQA (${theme})`);

      // The dials sit on the RoPE stage of the queries (Stage.RopeQ, 11), one step per query.
      await toStage(page, 11);
      await page.getByLabel("Query", { exact: true }).selectOption({ index: 3 });
      await expect(view).toContainText("at position p = 3 + 0 = 3");
      const dials = view.locator(".rope-dial");
      await expect(dials).toHaveCount(2);
      // Each dial's after-pair is its before-pair turned by its angle (to the digits shown).
      for (const d of await dials.all()) {
        const { before, angle, after } = dialNumbers((await d.textContent()) ?? "");
        const [x, y] = before as [number, number];
        const scale = Math.max(1, Math.abs(x), Math.abs(y));
        expect(Math.abs(x * Math.cos(angle) - y * Math.sin(angle) - after[0]!)).toBeLessThan(
          0.01 * scale,
        );
        expect(Math.abs(x * Math.sin(angle) + y * Math.cos(angle) - after[1]!)).toBeLessThan(
          0.01 * scale,
        );
      }
      await expect(dials.first()).toContainText("turned by 3.0000 rad");
      // The relative-position experiment, on the scores: RoPE's do not move, sinusoidal ones do.
      await toStage(page, 3);
      await view.getByRole("button", { name: "Shift every position by 5" }).click();
      const result = view.locator(".xp-result");
      await expect(result).toContainText("Every position + 5");
      const m = /at most (\S+) \(rounding.*by up to (\S+)\./.exec((await result.textContent())!)!;
      expect(Number(m[1])).toBeLessThan(1e-12);
      expect(Number(m[2])).toBeGreaterThan(1e-3);
      await snapshot(page, `rope-dials-${theme}`);
      await expectNoViolations(page, `the RoPE dials (${theme})`);
    });

    test("Mistral-style and ALiBi presets run", async ({ page }) => {
      await openApp(page);
      await pickPreset(page, "Mistral-style: sliding window + sinks", "sink token 0");
      await toStage(page, 1);
      await expect(page.getByTestId("step-view")).toContainText("multi-query attention");
      await toStage(page, 5);
      // The sinks experiment: query 4 (index 3) is the first whose window (1..3) loses key 0.
      await page.getByRole("button", { name: "Drop the sink tokens" }).click();
      const result = page.locator(".xp-result");
      await expect(result).toContainText("the first query whose weights change is 4 ('a')");
      const most = /largest change of a weight is (\S+)\./.exec((await result.textContent())!)!;
      expect(Number(most[1])).toBeGreaterThan(0);
      await snapshot(page, `mistral-mask-${theme}`);
      await expectNoViolations(page, `the window + sinks mask (${theme})`);
      await pickPreset(page, "ALiBi: distance bias", "slope·|i − j|");
      await toStage(page, 4);
      await snapshot(page, `alibi-scale-${theme}`);
    });
  });
}

test("K/V heads that do not divide heads are refused beside their field", async ({ page }) => {
  await openApp(page);
  const kv = page.getByLabel("K/V heads", { exact: true });
  await kv.fill("3");
  await page.getByLabel("Number of heads", { exact: true }).fill("4");
  await page.getByRole("button", { name: "Apply" }).click();
  const error = page.getByTestId("error-kv_heads");
  await expect(error).toBeVisible();
  await expect(error).toContainText("3");
  await expect(error).toContainText("divide");
  await expect(kv).toHaveValue("3");
  await expect(kv).toHaveAttribute("aria-invalid", "true");
  await snapshot(page, "kv-heads-error");
  await kv.fill("2");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(error).toBeHidden();
  await toStage(page, 1);
  await expect(page.getByTestId("step-view")).toContainText("shared by heads 1, 2");
});
