// npm run --silent lm -- train|eval|generate|attention ... (docs/tasks.md, "Task 3").
// The language model's command is native C++ (cpp/lm/lm_cli.cpp: training runs natively): this
// script writes the corpus when it is missing (tools/make/lm-corpus.sh), builds lm_cli when needed
// (quietly; a build error goes to stderr) and runs it with the arguments, passing on its JSON
// output and its exit code (2 for a refused option, value or file).
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "../..");
const binary = join(root, "build/native/cpp/lm/lm_cli");

/** Runs a command in the repository; on failure shows its output and exits. */
function run(command, args) {
  const r = spawnSync(command, args, { cwd: root, encoding: "utf8" });
  if (r.status !== 0) {
    process.stderr.write(`lm: ${command} ${args.join(" ")} failed\n${r.stdout}${r.stderr}`);
    process.exit(1);
  }
}

if (!existsSync(join(root, "build/native/CMakeCache.txt"))) run("cmake", ["--preset", "native"]);
run("cmake", ["--build", "build/native", "--target", "lm_cli", "-j2"]);
if (!existsSync(join(root, "build/lm/kjv.txt"))) run("bash", ["tools/make/lm-corpus.sh"]);

const r = spawnSync(binary, process.argv.slice(2), { cwd: root, stdio: "inherit" });
process.exit(r.status ?? 1);
