// The trace JSON conversion lives in the front end's source, shared with the page's export menu.
export { rowsOf, traceToJson } from "../../web/src/views/export/trace-json.js";
