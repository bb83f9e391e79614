import type { ReactNode } from 'react';

/**
 * Word marks of illustrative health systems, drawn here so no real organisation's trademark is
 * used. Replace with partners' own logos (with their permission) when they are agreed.
 */
interface Partner {
  name: string;
  glyph: ReactNode;
  serif?: boolean;
  bold?: boolean;
}

export const PARTNERS: readonly Partner[] = [
  {
    name: 'Northfield Health',
    glyph: <path d="M20 4l4.2 15.8L40 24l-15.8 4.2L20 44l-4.2-15.8L0 24l15.8-4.2z" />,
    bold: true,
  },
  {
    name: 'Lakeside Medical Group',
    glyph: (
      <g fill="none" strokeWidth="3" strokeLinecap="round">
        <circle cx="20" cy="24" r="17" />
        <path d="M8 22c4-4 8 4 12 0s8 4 12 0M8 30c4-4 8 4 12 0s8 4 12 0" />
      </g>
    ),
    serif: true,
  },
  {
    name: 'Cedar Hollow Health',
    glyph: (
      <g>
        <path d="M20 4l11 14h-5l8 12H6l8-12H9z" />
        <rect x="17.5" y="30" width="5" height="10" rx="1" />
      </g>
    ),
  },
  {
    name: 'Granite Peak Health',
    glyph: <path d="M1 40L15 14l7 12 5-8 12 22z" />,
    bold: true,
  },
  {
    name: 'Bluewater Coast Medical',
    glyph: (
      <g>
        <path d="M20 4C26 14 33 21 33 29a13 13 0 01-26 0C7 21 14 14 20 4z" />
        <path d="M18 22h4v5h5v4h-5v5h-4v-5h-5v-4h5z" className="fill-white" stroke="none" />
      </g>
    ),
    serif: true,
  },
  {
    name: 'Tallgrass Physicians',
    glyph: (
      <g fill="none" strokeWidth="3.2" strokeLinecap="round">
        <path d="M10 42C10 28 6 18 2 12M20 42C20 26 20 14 20 4M30 42c0-14 4-24 8-30" />
      </g>
    ),
  },
  {
    name: 'Amberly Children’s Hospital',
    glyph: (
      <g>
        <path d="M20 41S4 31 4 19a8.5 8.5 0 0116-4 8.5 8.5 0 0116 4c0 12-16 22-16 22z" />
        <circle cx="20" cy="22" r="4" className="fill-white" stroke="none" />
      </g>
    ),
    serif: true,
  },
  {
    name: 'Silverpine Care Partners',
    glyph: (
      <g>
        <rect x="2" y="6" width="36" height="36" rx="10" />
        <path d="M17 14h6v7h7v6h-7v7h-6v-7h-7v-6h7z" className="fill-white" stroke="none" />
      </g>
    ),
    bold: true,
  },
];

// Arial and Times have metric-compatible stand-ins everywhere (Liberation on Linux), so the
// estimated width holds; textLength absorbs what small difference remains.
const SANS = 'Arial, Helvetica, "Liberation Sans", sans-serif';
const SERIF = '"Times New Roman", Times, "Liberation Serif", serif';

export function PartnerWordmark({ name, glyph, serif = false, bold = false }: Partner) {
  const textWidth = Math.round(name.length * (serif ? 8.9 : 9.6));
  const width = 50 + textWidth + 2;
  return (
    <svg viewBox={`0 0 ${width} 48`} role="img" aria-label={name} className="h-9 w-auto text-gray-500 sm:h-10">
      <g fill="currentColor" stroke="currentColor">
        {glyph}
      </g>
      <text
        x="50"
        y="31"
        fill="currentColor"
        fontSize="19"
        fontWeight={bold ? 700 : 600}
        fontFamily={serif ? SERIF : SANS}
        textLength={textWidth}
        lengthAdjust="spacingAndGlyphs"
      >
        {name}
      </text>
    </svg>
  );
}
