/**
 * The fixed cup counts a visitor may order, per cup type (3-showcase-and-shell.md §2: "Cup
 * quantities come from fixed per-type lists, up to 5000. The lists themselves are not shown").
 * Red cups come in sleeves of 50, so every count is a whole number of sleeves; reusable cups
 * come by crates of 100 (docs/decisions.md, "Showcase").
 */
export const CUP_QUANTITIES = {
  red: [50, 100, 200, 300, 500, 1000, 2000, 3000, 5000],
  reusable: [100, 200, 300, 500, 1000, 2000, 3000, 5000],
} as const satisfies Record<string, readonly number[]>;

export const RED_CUP_PACK_SIZE = 50;
