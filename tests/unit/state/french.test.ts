// The toy French's missing elisions (web/src/state/french.ts): "le oiseau" is named with the
// real French "l'oiseau"; consonants and other determiners are left alone.
import { describe, expect, it } from "vitest";
import { elisions } from "../../../web/src/state/french";

describe("elisions", () => {
  it("names le/la before a vowel with the elided form", () => {
    expect(elisions("le oiseau dort".split(" "))).toEqual(["le oiseau → l'oiseau"]);
    expect(elisions("le chat voit la orange".split(" "))).toEqual(["la orange → l'orange"]);
  });
  it("leaves consonants, other determiners and the last word alone", () => {
    expect(elisions("le petit chat noir voit une voiture rouge".split(" "))).toEqual([]);
    expect(elisions("un oiseau voit le".split(" "))).toEqual([]);
  });
});
