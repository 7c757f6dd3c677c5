/** The sea and its fish, drawn in code on a canvas: every fish faces +x, centred on the origin. */
import type { FishKind } from '../engine';

type Ctx = CanvasRenderingContext2D;

function ellipse(ctx: Ctx, x: number, y: number, rx: number, ry: number, fill: string | CanvasGradient): void {
  ctx.beginPath();
  ctx.ellipse(x, y, rx, ry, 0, 0, Math.PI * 2);
  ctx.fillStyle = fill;
  ctx.fill();
}

function tail(ctx: Ctx, x: number, spread: number, length: number, wiggle: number, fill: string): void {
  ctx.beginPath();
  ctx.moveTo(x, 0);
  ctx.lineTo(x - length, -spread + wiggle);
  ctx.quadraticCurveTo(x - length * 0.7, wiggle, x - length, spread + wiggle);
  ctx.closePath();
  ctx.fillStyle = fill;
  ctx.fill();
}

function eye(ctx: Ctx, x: number, y: number, r: number): void {
  ellipse(ctx, x, y, r, r, '#fff');
  ellipse(ctx, x + r * 0.25, y, r * 0.55, r * 0.55, '#111');
}

function gradient(ctx: Ctx, r: number, from: string, to: string): CanvasGradient {
  const g = ctx.createLinearGradient(0, -r, 0, r);
  g.addColorStop(0, from);
  g.addColorStop(1, to);
  return g;
}

/** Draws one fish of length `size`; `time` (seconds) moves tails and tentacles. */
export function drawFish(ctx: Ctx, kind: FishKind, size: number, time: number): void {
  const L = size / 2;
  const w = Math.sin(time * 8) * L * 0.12;
  switch (kind) {
    case 'clownfish': {
      tail(ctx, -L * 0.6, L * 0.45, L * 0.45, w, '#ff7a1a');
      ellipse(ctx, 0, 0, L * 0.7, L * 0.42, '#ff7a1a');
      ctx.fillStyle = '#fff';
      for (const x of [-L * 0.3, L * 0.2]) ctx.fillRect(x, -L * 0.38, L * 0.13, L * 0.76);
      eye(ctx, L * 0.45, -L * 0.08, L * 0.1);
      break;
    }
    case 'tang': {
      tail(ctx, -L * 0.6, L * 0.45, L * 0.45, w, '#ffd21a');
      ellipse(ctx, 0, 0, L * 0.72, L * 0.5, gradient(ctx, L * 0.5, '#2f6bff', '#0a2a9e'));
      ctx.strokeStyle = '#0b0b3a';
      ctx.lineWidth = L * 0.08;
      ctx.beginPath();
      ctx.moveTo(-L * 0.5, -L * 0.1);
      ctx.quadraticCurveTo(0, -L * 0.45, L * 0.35, -L * 0.1);
      ctx.stroke();
      eye(ctx, L * 0.45, -L * 0.1, L * 0.1);
      break;
    }
    case 'pufferfish': {
      const puff = 1 + Math.sin(time * 3) * 0.06;
      ctx.strokeStyle = '#8a6d1f';
      ctx.lineWidth = 2;
      for (let a = 0; a < Math.PI * 2; a += Math.PI / 8) {
        ctx.beginPath();
        ctx.moveTo(Math.cos(a) * L * 0.6 * puff, Math.sin(a) * L * 0.6 * puff);
        ctx.lineTo(Math.cos(a) * L * 0.8 * puff, Math.sin(a) * L * 0.8 * puff);
        ctx.stroke();
      }
      tail(ctx, -L * 0.55, L * 0.25, L * 0.3, w, '#e0b84a');
      ellipse(ctx, 0, 0, L * 0.62 * puff, L * 0.6 * puff, gradient(ctx, L * 0.6, '#ffe27a', '#d9a520'));
      eye(ctx, L * 0.3, -L * 0.15, L * 0.13);
      break;
    }
    case 'lionfish': {
      ctx.fillStyle = '#ffb3a0';
      for (let i = 0; i < 7; i += 1) {
        ctx.beginPath();
        ctx.moveTo(-L * 0.3 + i * L * 0.1, -L * 0.2);
        ctx.lineTo(-L * 0.55 + i * L * 0.12, -L * 0.85 + Math.sin(time * 4 + i) * 4);
        ctx.lineTo(-L * 0.2 + i * L * 0.1, -L * 0.2);
        ctx.fill();
      }
      tail(ctx, -L * 0.6, L * 0.4, L * 0.4, w, '#c0392b');
      ellipse(ctx, 0, 0, L * 0.72, L * 0.36, '#e74c3c');
      ctx.fillStyle = '#fff5';
      for (let i = -3; i <= 3; i += 1) ctx.fillRect(i * L * 0.17, -L * 0.34, L * 0.06, L * 0.68);
      eye(ctx, L * 0.5, -L * 0.08, L * 0.09);
      break;
    }
    case 'turtle': {
      const flap = Math.sin(time * 4) * 0.4;
      ctx.fillStyle = '#6fae5b';
      for (const [x, y, s] of [[L * 0.35, -L * 0.45, -1], [L * 0.35, L * 0.45, 1], [-L * 0.4, -L * 0.35, -1], [-L * 0.4, L * 0.35, 1]] as const) {
        ctx.save();
        ctx.translate(x, y);
        ctx.rotate(s * (0.5 + flap));
        ellipse(ctx, 0, 0, L * 0.28, L * 0.11, '#6fae5b');
        ctx.restore();
      }
      ellipse(ctx, L * 0.72, 0, L * 0.2, L * 0.16, '#7cc067');
      eye(ctx, L * 0.8, -L * 0.06, L * 0.05);
      ellipse(ctx, 0, 0, L * 0.6, L * 0.48, gradient(ctx, L * 0.48, '#8d6e3f', '#4e3b1f'));
      ctx.strokeStyle = '#c9a66b';
      ctx.lineWidth = 2;
      for (const [x, y] of [[0, 0], [-L * 0.3, -L * 0.2], [-L * 0.3, L * 0.2], [L * 0.3, -L * 0.2], [L * 0.3, L * 0.2]]) {
        ctx.beginPath();
        for (let k = 0; k <= 6; k += 1) {
          const a = (k / 6) * Math.PI * 2;
          ctx.lineTo(x + Math.cos(a) * L * 0.15, y + Math.sin(a) * L * 0.15);
        }
        ctx.stroke();
      }
      break;
    }
    case 'octopus': {
      ctx.strokeStyle = '#b1479c';
      ctx.lineCap = 'round';
      ctx.lineWidth = L * 0.1;
      for (let i = 0; i < 6; i += 1) {
        const y = -L * 0.35 + i * L * 0.14;
        ctx.beginPath();
        ctx.moveTo(-L * 0.1, y * 0.6);
        ctx.quadraticCurveTo(-L * 0.55, y + Math.sin(time * 5 + i) * L * 0.2, -L * 0.95, y * 1.3 + Math.cos(time * 5 + i) * L * 0.1);
        ctx.stroke();
      }
      ellipse(ctx, L * 0.25, 0, L * 0.5, L * 0.42, gradient(ctx, L * 0.42, '#e07bd0', '#9c2f86'));
      eye(ctx, L * 0.3, -L * 0.15, L * 0.1);
      eye(ctx, L * 0.3, L * 0.15, L * 0.1);
      break;
    }
    case 'swordfish': {
      ctx.fillStyle = '#9fb7d6';
      ctx.beginPath();
      ctx.moveTo(L * 0.5, -L * 0.03);
      ctx.lineTo(L * 1.05, 0);
      ctx.lineTo(L * 0.5, L * 0.05);
      ctx.fill();
      tail(ctx, -L * 0.55, L * 0.32, L * 0.35, w, '#2c4f7c');
      ctx.fillStyle = '#2c4f7c';
      ctx.beginPath();
      ctx.moveTo(-L * 0.1, -L * 0.12);
      ctx.lineTo(L * 0.05, -L * 0.45);
      ctx.lineTo(L * 0.2, -L * 0.12);
      ctx.fill();
      ellipse(ctx, 0, 0, L * 0.6, L * 0.16, gradient(ctx, L * 0.16, '#3e6fa8', '#c8d8ea'));
      eye(ctx, L * 0.42, -L * 0.04, L * 0.05);
      break;
    }
    case 'shark': {
      tail(ctx, -L * 0.65, L * 0.4, L * 0.35, w, '#6b7c8c');
      ctx.fillStyle = '#5d6d7c';
      ctx.beginPath();
      ctx.moveTo(-L * 0.1, -L * 0.2);
      ctx.lineTo(0, -L * 0.55);
      ctx.lineTo(L * 0.2, -L * 0.2);
      ctx.fill();
      ellipse(ctx, 0, 0, L * 0.75, L * 0.25, gradient(ctx, L * 0.25, '#7d8e9e', '#e6edf3'));
      ctx.strokeStyle = '#40505e';
      ctx.lineWidth = 2;
      for (let i = 0; i < 3; i += 1) {
        ctx.beginPath();
        ctx.moveTo(L * (0.3 - i * 0.06), -L * 0.08);
        ctx.lineTo(L * (0.27 - i * 0.06), L * 0.08);
        ctx.stroke();
      }
      eye(ctx, L * 0.55, -L * 0.06, L * 0.04);
      break;
    }
    case 'whale': {
      tail(ctx, -L * 0.7, L * 0.35, L * 0.3, w * 0.6, '#1f4e8c');
      ellipse(ctx, 0, 0, L * 0.8, L * 0.38, gradient(ctx, L * 0.38, '#2d6cb5', '#9cc3ea'));
      ctx.strokeStyle = '#ffffff55';
      ctx.lineWidth = 2;
      for (let i = 0; i < 5; i += 1) {
        ctx.beginPath();
        ctx.moveTo(L * 0.1, L * (0.12 + i * 0.05));
        ctx.lineTo(L * 0.7, L * (0.05 + i * 0.03));
        ctx.stroke();
      }
      eye(ctx, L * 0.5, L * 0.02, L * 0.04);
      ellipse(ctx, L * 0.2, -L * 0.5 - Math.abs(Math.sin(time * 2)) * L * 0.1, L * 0.05, L * 0.1, '#bfe6ff99');
      break;
    }
    case 'dragon': {
      ctx.lineCap = 'round';
      for (let i = 8; i >= 0; i -= 1) {
        const x = -L * 0.9 + i * L * 0.2;
        const y = Math.sin(time * 3 + i * 0.7) * L * 0.12;
        ellipse(ctx, x, y, L * 0.16, L * (0.16 - i * 0.004), gradient(ctx, L * 0.16, '#ffe066', '#c98a00'));
        ctx.fillStyle = '#d62828';
        ctx.beginPath();
        ctx.moveTo(x - L * 0.05, y - L * 0.14);
        ctx.lineTo(x, y - L * 0.25);
        ctx.lineTo(x + L * 0.05, y - L * 0.14);
        ctx.fill();
      }
      ellipse(ctx, L * 0.85, Math.sin(time * 3 + 6.3) * L * 0.12, L * 0.2, L * 0.14, '#ffd23f');
      ctx.strokeStyle = '#ff6b00';
      ctx.lineWidth = 3;
      ctx.beginPath();
      ctx.moveTo(L * 0.95, -L * 0.02);
      ctx.quadraticCurveTo(L * 1.2, -L * 0.3, L * 1.05, -L * 0.4);
      ctx.stroke();
      eye(ctx, L * 0.9, -L * 0.05, L * 0.05);
      break;
    }
  }
}

/** The sea: deep gradient, light rays, sand and weed; drawn in world units (width × height). */
export function drawSea(ctx: Ctx, width: number, height: number, time: number): void {
  const water = ctx.createLinearGradient(0, 0, 0, height);
  water.addColorStop(0, '#0c6ea8');
  water.addColorStop(0.6, '#064170');
  water.addColorStop(1, '#03203d');
  ctx.fillStyle = water;
  ctx.fillRect(0, 0, width, height);
  ctx.fillStyle = '#ffffff10';
  for (let i = 0; i < 6; i += 1) {
    const x = ((i * 300 + time * 12) % (width + 400)) - 200;
    ctx.beginPath();
    ctx.moveTo(x, 0);
    ctx.lineTo(x + 120, 0);
    ctx.lineTo(x + 320, height);
    ctx.lineTo(x + 180, height);
    ctx.fill();
  }
  ctx.fillStyle = '#c2a36b';
  ctx.beginPath();
  ctx.moveTo(0, height);
  for (let x = 0; x <= width; x += 80) ctx.lineTo(x, height - 30 - Math.sin(x / 130) * 14);
  ctx.lineTo(width, height);
  ctx.fill();
  ctx.strokeStyle = '#2e8b57';
  ctx.lineWidth = 6;
  for (let i = 0; i < 9; i += 1) {
    const x = 80 + i * 185;
    ctx.beginPath();
    ctx.moveTo(x, height - 30);
    ctx.quadraticCurveTo(x + Math.sin(time + i) * 25, height - 110, x + Math.sin(time * 1.3 + i) * 15, height - 170 - (i % 3) * 30);
    ctx.stroke();
  }
  ctx.fillStyle = '#ffffff30';
  for (let i = 0; i < 24; i += 1) {
    const x = (i * 137) % width;
    const y = height - ((time * 40 + i * 97) % height);
    ctx.beginPath();
    ctx.arc(x + Math.sin(time + i) * 8, y, 3 + (i % 4), 0, Math.PI * 2);
    ctx.fill();
  }
}
