// `npx tsx test/core/overlap-figures.ts [GAMES]`: the overlap figures (test/core/overlaps.ts) for the
// plain seeded random games (test/core/gen.ts), each pack: the calls placed by the pack's lengths, and
// for comparison calls that take no time (the core as it was before it knew the lengths). One line a
// pack and a way, its figures as JSON.

import { PACKS } from "../../firmware/voice";
import { figures } from "./overlaps";

const games = parseInt(process.argv[2] || "10000", 10);
for (const p of PACKS) {
  for (const lengths of [false, true]) {
    const f = figures(p.id, 1, games + 1, lengths);
    process.stdout.write(p.id + " " + (lengths ? "placed by the pack's lengths" : "calls taking no time (before)") + ": " + JSON.stringify(f) + "\n");
  }
}
