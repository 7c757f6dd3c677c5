import { useId, type ReactNode } from 'react';

/**
 * Each vendor's logo, drawn in code as SVG (as the house vendor draws its slot art): the brand's colours,
 * a mark of simple shapes in a 40×40 box, and the brand's name as its wordmark. Brands without a drawing
 * of their own get a chip with their name.
 */
interface Logo {
  background: [string, string];
  /** The colour of the wordmark and of the mark's lines. */
  ink: string;
  mark: (ink: string) => ReactNode;
}

const bold = { fontFamily: 'Arial Black, Arial, sans-serif', fontWeight: 900, textAnchor: 'middle' } as const;

const chip: Logo['mark'] = (ink) => (
  <>
    <circle cx="20" cy="20" r="16" fill="none" stroke={ink} strokeWidth="4" strokeDasharray="6 4.5" />
    <circle cx="20" cy="20" r="9" fill={ink} opacity=".85" />
  </>
);

const pragmatic: Logo = {
  background: ['#c65a00', '#f7931e'],
  ink: '#fff',
  mark: (ink) => (
    <>
      <path d="M11 36 V6 H23 A9.5 9.5 0 0 1 23 25 H17" fill="none" stroke={ink} strokeWidth="6" strokeLinejoin="round" />
      <circle cx="31" cy="33" r="3.5" fill="#3b1a00" />
    </>
  ),
};

const dream: Logo = {
  background: ['#1a1446', '#4b2a8c'],
  ink: '#f4d27a',
  mark: (ink) => (
    <>
      <path d="M24 4 A16 16 0 1 0 36 28 A12.5 12.5 0 1 1 24 4 Z" fill={ink} />
      <path d="M31 7 L32.5 11 L36.5 11.5 L33.5 14 L34.5 18 L31 16 L27.5 18 L28.5 14 L25.5 11.5 L29.5 11 Z" fill="#fff" />
    </>
  ),
};

const micro: Logo = {
  background: ['#062a3d', '#0b6e8f'],
  ink: '#e8f7ff',
  mark: (ink) => (
    <>
      <circle cx="20" cy="20" r="17" fill="none" stroke={ink} strokeWidth="3" />
      <path d="M10 29 V12 L20 23 L30 12 V29" fill="none" stroke={ink} strokeWidth="4.5" strokeLinejoin="round" />
    </>
  ),
};

const habanero: Logo = {
  background: ['#3b0d00', '#b52a00'],
  ink: '#ffe1c2',
  mark: () => (
    <>
      <path d="M7 10 C23 5 40 16 35 39 C28 26 14 22 7 10 Z" fill="#ff3b1f" />
      <path d="M12 11 C20 11 27 16 30 23" fill="none" stroke="#fff" strokeWidth="2.2" opacity=".55" strokeLinecap="round" />
      <path d="M7 10 C3 7 4 3 9 1.5" fill="none" stroke="#43a047" strokeWidth="4" strokeLinecap="round" />
    </>
  ),
};

const kplay: Logo = {
  background: ['#2a0a3d', '#6a1b9a'],
  ink: '#ffcc00',
  mark: (ink) => (
    <>
      <rect x="3" y="3" width="34" height="34" rx="9" fill={ink} />
      <path d="M14 10 V30 M27 10 L15 21 L27 30" fill="none" stroke="#2a0a3d" strokeWidth="5" strokeLinejoin="round" />
    </>
  ),
};

/** By brand key (gameMenu's brandKeyOf); a brand's hotel or slot line shares its logo. */
const LOGOS: Record<string, Logo> = {
  evolution: {
    background: ['#0d0d0d', '#30302e'],
    ink: '#fff',
    mark: (ink) => (
      <path d="M34 20 A14 14 0 1 0 29.5 30.5 M7 20 H34" fill="none" stroke={ink} strokeWidth="5" strokeLinecap="round" />
    ),
  },
  asiagaming: {
    background: ['#6e0808', '#c9151e'],
    ink: '#f5c542',
    mark: (ink) => (
      <>
        <circle cx="20" cy="20" r="17" fill="none" stroke={ink} strokeWidth="3" />
        <text x="20" y="26" fontSize="16" fill={ink} {...bold}>AG</text>
      </>
    ),
  },
  pragmatic,
  pragslot: pragmatic,
  pragmatichotel: pragmatic,
  dreamcasino: dream,
  dreamhotel: dream,
  sexygaming: {
    background: ['#5c0a2e', '#d6246e'],
    ink: '#ffe4ef',
    mark: () => (
      <>
        <path d="M3 20 C9 9 15 9 20 14 C25 9 31 9 37 20 C30 32 10 32 3 20 Z" fill="#ff4f86" />
        <path d="M3 20 Q20 25 37 20" fill="none" stroke="#5c0a2e" strokeWidth="2.5" />
      </>
    ),
  },
  biggaming: {
    background: ['#0c3b2e', '#137a55'],
    ink: '#f2d16b',
    mark: (ink) => (
      <>
        <path d="M20 2 L36 11 V29 L20 38 L4 29 V11 Z" fill={ink} />
        <text x="20" y="26" fontSize="15" fill="#0c3b2e" {...bold}>BG</text>
      </>
    ),
  },
  microgaming: micro,
  microhotel: micro,
  kplayslot: kplay,
  kplayfishing: kplay,
  habanero,
  habanerohotel: habanero,
  elle: {
    background: ['#1e1a10', '#6b5420'],
    ink: '#f3dc9a',
    mark: (ink) => (
      <>
        <path d="M13 35 A16 16 0 0 1 11 6 M27 35 A16 16 0 0 0 29 6" fill="none" stroke={ink} strokeWidth="2.5" />
        {[[7, 26, -30], [6, 16, -10], [9, 8, 15], [33, 26, 30], [34, 16, 10], [31, 8, -15]].map(([x, y, turn]) => (
          <ellipse key={`${x}-${y}`} cx={x} cy={y} rx="2.6" ry="5" fill={ink} transform={`rotate(${turn} ${x} ${y})`} />
        ))}
        <text x="20" y="27" fontSize="17" fill={ink} fontFamily="Georgia, serif" fontWeight="700" textAnchor="middle">E</text>
      </>
    ),
  },
  quick: {
    background: ['#062f2c', '#0f8a74'],
    ink: '#eafff9',
    mark: (ink) => (
      <>
        <path d="M35 20 A15 15 0 1 1 28 7" fill="none" stroke={ink} strokeWidth="3.5" strokeLinecap="round" />
        <path d="M24 3 L32 6 L26 12 Z" fill={ink} />
        <path d="M22 8 L12 22 H19 L16 33 L28 17 H21 Z" fill="#ffd54f" />
      </>
    ),
  },
  spade: {
    background: ['#0a1a3d', '#1f4fa8'],
    ink: '#f2c94c',
    mark: (ink) => (
      <path d="M20 3 C28 13 37 17 37 25 C37 31 29 33 23 29 L26 37 H14 L17 29 C11 33 3 31 3 25 C3 17 12 13 20 3 Z" fill={ink} />
    ),
  },
  playandgo: {
    background: ['#0b3d1a', '#1f9a44'],
    ink: '#fff',
    mark: (ink) => (
      <>
        <circle cx="20" cy="20" r="17" fill={ink} />
        <path d="M15 11 L30 20 L15 29 Z" fill="#1f9a44" />
      </>
    ),
  },
  worldmath: {
    background: ['#0a2540', '#1565c0'],
    ink: '#e3f2fd',
    mark: (ink) => (
      <g fill="none" stroke={ink} strokeWidth="2.5">
        <circle cx="20" cy="20" r="17" />
        <ellipse cx="20" cy="20" rx="7.5" ry="17" />
        <path d="M3 20 H37 M6 11 H34 M6 29 H34" />
      </g>
    ),
  },
  ylgaming: {
    background: ['#3a2600', '#a87a00'],
    ink: '#fff3c4',
    mark: (ink) => (
      <>
        <path d="M20 1 L39 20 L20 39 L1 20 Z" fill={ink} />
        <text x="20" y="25.5" fontSize="13" fill="#3a2600" {...bold}>YL</text>
      </>
    ),
  },
  gamestart: {
    background: ['#1b1b2f', '#3949ab'],
    ink: '#e8eaf6',
    mark: (ink) => (
      <>
        <path d="M9 12 H31 C37 12 39 30 34 32 C30 34 27 26 24 26 H16 C13 26 10 34 6 32 C1 30 3 12 9 12 Z" fill={ink} />
        <path d="M11 19 H17 M14 16 V22" stroke="#1b1b2f" strokeWidth="2.5" />
        <circle cx="26" cy="18" r="2" fill="#e53935" />
        <circle cx="30" cy="22" r="2" fill="#43a047" />
      </>
    ),
  },
};

const FALLBACK: Omit<Logo, 'mark'> = { background: ['#1b2030', '#343c52'], ink: '#f1d77a' };

/** A vendor's logo: `brandKey` picks the drawing, `name` is the wordmark (the brand's real name). Decoration: the card names the vendor. */
export function VendorLogo({ brandKey, name }: { brandKey: string; name: string }) {
  const gradient = useId();
  const logo = LOGOS[brandKey];
  const { background, ink } = logo ?? FALLBACK;
  const wordmark = name.toUpperCase();
  return (
    <svg className="vendor-logo" viewBox="0 0 120 72" aria-hidden="true" data-brand={brandKey}>
      <defs>
        <linearGradient id={gradient} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor={background[0]} />
          <stop offset="1" stopColor={background[1]} />
        </linearGradient>
      </defs>
      <rect width="120" height="72" rx="10" fill={`url(#${gradient})`} />
      <g transform="translate(40 5)">{(logo?.mark ?? chip)(ink)}</g>
      <text
        x="60"
        y="63"
        fontSize="10"
        fill={ink}
        letterSpacing=".5"
        {...bold}
        {...(wordmark.length > 12 ? { textLength: 108, lengthAdjust: 'spacingAndGlyphs' } : {})}
      >
        {wordmark}
      </text>
    </svg>
  );
}
