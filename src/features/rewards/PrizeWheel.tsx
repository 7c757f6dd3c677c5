/**
 * The prize wheel: one segment per prize, clockwise from the pointer at the top. `spinTo` turns it
 * (forward, several turns) until the segment of the prize the server drew stops under the pointer, and
 * settles once it has stopped; with reduced motion it is there at once.
 */
import { useCallback, useRef, useState, type TransitionEvent } from 'react';

/** How long a spin takes (rewards.css keeps the same duration). */
const SPIN_MS = 4_500;
const TURNS = 6;
const C = 160;
const R = 150;

export interface WheelSegment {
  prizeIdx: number;
  label: string;
  blank: boolean;
}

/** The wheel's angle (degrees, clockwise) that puts segment `index` of `count` under the pointer, `within` (0..1) across it. */
const angleFor = (index: number, count: number, within = 0.5) => 360 - ((index + within) * 360) / count;

const point = (angle: number, radius: number) => {
  const rad = (angle * Math.PI) / 180;
  return `${(C + radius * Math.sin(rad)).toFixed(2)} ${(C - radius * Math.cos(rad)).toFixed(2)}`;
};

export function useWheel(segments: WheelSegment[], landedIdx: number | null) {
  const [rotation, setRotation] = useState(() => {
    const index = segments.findIndex((segment) => segment.prizeIdx === landedIdx);
    return index < 0 ? 0 : angleFor(index, segments.length);
  });
  const [state, setState] = useState<'idle' | 'spinning' | 'stopped'>(landedIdx === null ? 'idle' : 'stopped');
  const stopped = useRef<(() => void) | null>(null);

  const stop = useCallback(() => {
    setState('stopped');
    stopped.current?.();
    stopped.current = null;
  }, []);

  const spinTo = useCallback((prizeIdx: number) => new Promise<void>((resolve) => {
    const index = Math.max(0, segments.findIndex((segment) => segment.prizeIdx === prizeIdx));
    // Not always the middle of the segment, as a real wheel would not stop there.
    const target = angleFor(index, segments.length, 0.2 + Math.random() * 0.6);
    setRotation((current) => Math.floor(current / 360) * 360 + TURNS * 360 + target);
    setState('spinning');
    stopped.current = resolve;
    const reduced = matchMedia('(prefers-reduced-motion: reduce)').matches;
    // No transition runs with reduced motion; the timer also covers a transitionend that never comes (a hidden tab).
    setTimeout(stop, reduced ? 0 : SPIN_MS + 500);
  }), [segments, stop]);

  return { rotation, state, spinTo, onStopped: stop };
}

export function PrizeWheel({ segments, rotation, state, onStopped, label }: {
  segments: WheelSegment[]; rotation: number; state: 'idle' | 'spinning' | 'stopped'; onStopped: () => void; label: string;
}) {
  const step = 360 / segments.length;
  const ended = (event: TransitionEvent) => {
    if (event.target === event.currentTarget && state === 'spinning') onStopped();
  };
  return (
    <div className="prize-wheel" role="img" aria-label={label} data-testid="prize-wheel" data-state={state} data-rotation={rotation}>
      <div className="prize-wheel__disc" style={{ transform: `rotate(${rotation}deg)` }} onTransitionEnd={ended} data-testid="prize-wheel-disc">
        <svg viewBox={`0 0 ${2 * C} ${2 * C}`} aria-hidden="true">
          <circle cx={C} cy={C} r={R + 8} className="prize-wheel__rim" />
          {segments.map((segment, i) => {
            const from = i * step;
            const to = from + step;
            const large = step > 180 ? 1 : 0;
            return (
              <g key={segment.prizeIdx} data-testid="prize-wheel-segment" data-prize-idx={segment.prizeIdx} data-label={segment.label} data-index={i}>
                <path d={`M ${C} ${C} L ${point(from, R)} A ${R} ${R} 0 ${large} 1 ${point(to, R)} Z`}
                  className={segment.blank ? 'prize-wheel__slice prize-wheel__slice--blank' : `prize-wheel__slice prize-wheel__slice--${i % 3}`} />
                <text x={C} y={C - R * 0.68} transform={`rotate(${from + step / 2} ${C} ${C})`} className="prize-wheel__label" textAnchor="middle" dominantBaseline="middle">
                  {segment.label}
                </text>
              </g>
            );
          })}
          {Array.from({ length: 24 }, (_, i) => <circle key={i} cx={C + (R + 4) * Math.sin((i * Math.PI) / 12)} cy={C - (R + 4) * Math.cos((i * Math.PI) / 12)} r={2.6} className="prize-wheel__bulb" />)}
          <circle cx={C} cy={C} r={26} className="prize-wheel__hub" />
        </svg>
      </div>
      <svg className="prize-wheel__pointer" viewBox="0 0 40 48" aria-hidden="true"><path d="M 4 4 L 36 4 L 20 44 Z" /></svg>
    </div>
  );
}
