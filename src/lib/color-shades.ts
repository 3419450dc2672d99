// Mantine needs ten shades per colour; the CMS gives one. The given colour becomes shade 6 (the one
// Mantine uses for filled elements) and the others are mixed towards white and black.

const HEX = /^#?([0-9a-f]{6}|[0-9a-f]{3})$/i;

export function parseHex(hex: string): [number, number, number] | undefined {
  const m = HEX.exec(hex.trim());
  if (!m) return undefined;
  const digits = m[1] as string;
  const full = digits.length === 3 ? [...digits].map((d) => d + d).join('') : digits;
  return [0, 2, 4].map((i) => Number.parseInt(full.slice(i, i + 2), 16)) as [number, number, number];
}

function toHex(rgb: number[]): string {
  return `#${rgb
    .map((c) =>
      Math.round(Math.min(255, Math.max(0, c)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

function mix(rgb: number[], target: number, amount: number): number[] {
  return rgb.map((c) => c + (target - c) * amount);
}

const TINTS = [0.9, 0.78, 0.62, 0.45, 0.28, 0.12];
const SHADES = [0.15, 0.3, 0.45];

export type Shades = [string, string, string, string, string, string, string, string, string, string];

export function colorShades(hex: string): Shades | undefined {
  const rgb = parseHex(hex);
  if (!rgb) return undefined;
  return [
    ...TINTS.map((t) => toHex(mix(rgb, 255, t))),
    toHex(rgb),
    ...SHADES.map((s) => toHex(mix(rgb, 0, s))),
  ] as Shades;
}
