/** A scenario the core rejected; `field` is the scenario-file field ("" for the file as a whole). */
export class ScenarioError extends Error {
  readonly field: string;
  constructor(field: string, message: string) {
    super(message);
    this.name = "ScenarioError";
    this.field = field;
  }
}
