// Issue 20, item 8: what the docs promise is what the app does. The README's iframe snippet has a
// width (a frame without one is 300 px), docs/url.md's long-name example opens the step it names,
// and no doc promises big-layer steps "as quick as any".
import { readFileSync } from "node:fs";
import { expect, test } from "./fixtures";

const read = (path: string) => readFileSync(new URL(`../../${path}`, import.meta.url), "utf8");

test("the README's iframe snippet gives the frame a width", () => {
  const snippets = read("README.md").match(/<iframe [^>]*>/g) ?? [];
  expect(snippets.length).toBeGreaterThan(0);
  for (const s of snippets) expect(s, s).toMatch(/\swidth="\d+"/);
});

test("docs/url.md's #preset=scratch&stage=8&query=2 opens the step it names", async ({ page }) => {
  const text = read("docs/url.md").replace(/\s+/g, " ");
  const claim = /`#preset=scratch&stage=8&query=2` opens [^“]*“([^”]+)”, for the second query/.exec(
    text,
  );
  expect(claim, "the example says which step it opens").not.toBeNull();
  await page.goto("./#preset=scratch&stage=8&query=2");
  await expect(page.locator(".step-title")).toHaveText(claim![1]!);
  await expect(page.getByTestId("step-view")).toContainText("query 2");
});

test("no doc says steps after a big layer are as quick as any", () => {
  for (const path of ["README.md", "docs/scenario.md", "docs/url.md", "docs/architecture.md"]) {
    expect(read(path).replace(/\s+/g, " "), path).not.toMatch(/as quick as any/);
  }
});
