/**
 * The builds a benchmark compares, named on its command line as "label=dir" each
 * ("previous=build/previous/src/dist" "this build=dist"), else `fallback` (the same form):
 * [label, dir] pairs. The label ends at the first "=", so a path may hold one.
 */
export function namedBuilds(args, fallback) {
  return (args.length ? args : fallback).map((a) => {
    const at = a.indexOf("=");
    return [a.slice(0, at), a.slice(at + 1)];
  });
}
