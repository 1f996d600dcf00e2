// The lessons' pictures, drawn with canvas paths: a cartoon frog (green, eyes on top, a
// smile) and a dragon (red, wings, spikes on its back, an eye). Each is designed in a
// 100 x 100 box centred on the origin and scaled to the item's size, so no image files
// are needed. `drawSprite` returns false for a sprite it does not know (the renderer then
// draws the item's plain shape).

const INK = '#1f2a1f';

// Fills and strokes the current path (either may be omitted); `join`, when given, is the
// stroke's line join.
function paint(ctx, fill, stroke, width, join) {
  if (fill) {
    ctx.fillStyle = fill;
    ctx.fill();
  }
  if (stroke) {
    ctx.lineWidth = width;
    ctx.strokeStyle = stroke;
    if (join) ctx.lineJoin = join;
    ctx.stroke();
  }
}

function ellipse(ctx, x, y, rx, ry, fill, stroke, width = 2.5) {
  ctx.beginPath();
  ctx.ellipse(x, y, rx, ry, 0, 0, Math.PI * 2);
  paint(ctx, fill, stroke, width);
}

function poly(ctx, pts, fill, stroke, width = 2.5) {
  ctx.beginPath();
  ctx.moveTo(pts[0][0], pts[0][1]);
  for (let i = 1; i < pts.length; i++) ctx.lineTo(pts[i][0], pts[i][1]);
  ctx.closePath();
  paint(ctx, fill, stroke, width, 'round');
}

function eye(ctx, x, y, r, look = [1, 1]) {
  ellipse(ctx, x, y, r, r, '#ffffff', INK, 2);
  const pr = r * 0.5;
  ellipse(ctx, x + look[0] * r * 0.18, y + look[1] * r * 0.12, pr, pr, '#111111');
  ellipse(ctx, x + look[0] * r * 0.18 - pr * 0.35, y + look[1] * r * 0.12 - pr * 0.4, pr * 0.33, pr * 0.33, '#ffffff');
}

/** The frog, seen from the front, in the 100 x 100 box centred on the origin. */
export function drawFrog(ctx) {
  const green = '#43a047';
  const dark = '#1b5e20';
  // Back feet peeking out on both sides.
  ellipse(ctx, -38, 36, 14, 8, '#388e3c', dark);
  ellipse(ctx, 38, 36, 14, 8, '#388e3c', dark);
  // Body.
  ellipse(ctx, 0, 14, 42, 32, green, dark, 3);
  // Belly.
  ellipse(ctx, 0, 24, 26, 19, '#c5e1a5');
  // Eye bumps on top of the head, then the eyes.
  ellipse(ctx, -21, -22, 17, 16, green, dark, 3);
  ellipse(ctx, 21, -22, 17, 16, green, dark, 3);
  // Cover the bumps' lower outlines so head and bumps read as one shape.
  ellipse(ctx, 0, -6, 30, 12, green);
  eye(ctx, -21, -24, 10.5, [0.6, 0.8]);
  eye(ctx, 21, -24, 10.5, [-0.2, 0.8]);
  // Cheeks.
  ellipse(ctx, -27, 7, 6.5, 4, '#f48fb1');
  ellipse(ctx, 27, 7, 6.5, 4, '#f48fb1');
  // Nostrils.
  ellipse(ctx, -4.5, -2, 1.6, 1.2, dark);
  ellipse(ctx, 4.5, -2, 1.6, 1.2, dark);
  // The smile.
  ctx.beginPath();
  ctx.moveTo(-20, 4);
  ctx.quadraticCurveTo(0, 21, 20, 4);
  ctx.lineWidth = 3;
  ctx.lineCap = 'round';
  ctx.strokeStyle = dark;
  ctx.stroke();
  // Front feet with three toes each.
  for (const sx of [-1, 1]) {
    const fx = sx * 17;
    ellipse(ctx, fx, 44, 10, 5.5, green, dark, 2);
    for (const t of [-6, 0, 6]) ellipse(ctx, fx + t, 47, 2.6, 2.2, '#66bb6a', dark, 1.2);
  }
}

/** The dragon, side view facing right, in the 100 x 100 box centred on the origin. */
export function drawDragon(ctx) {
  const red = '#e53935';
  const dark = '#7f1d1d';
  const wing = '#ff7043';
  const spike = '#ffb300';
  const belly = '#ffd180';
  ctx.lineJoin = 'round';
  ctx.lineCap = 'round';
  // Tail: a curve from the body to a spade tip on the left.
  ctx.beginPath();
  ctx.moveTo(-22, 26);
  ctx.quadraticCurveTo(-40, 40, -44, 20);
  ctx.lineWidth = 9;
  ctx.strokeStyle = dark;
  ctx.stroke();
  ctx.lineWidth = 6;
  ctx.strokeStyle = red;
  ctx.stroke();
  poly(ctx, [[-44, 8], [-50, 20], [-44, 26], [-38, 18]], spike, dark, 2);
  // Wing behind the body: a bat wing with scalloped edge.
  ctx.beginPath();
  ctx.moveTo(-4, 2);
  ctx.lineTo(-10, -44);
  ctx.lineTo(-18, -30);
  ctx.quadraticCurveTo(-26, -30, -30, -22);
  ctx.quadraticCurveTo(-38, -22, -40, -12);
  ctx.quadraticCurveTo(-32, -6, -20, 6);
  ctx.closePath();
  ctx.fillStyle = wing;
  ctx.fill();
  ctx.lineWidth = 2.5;
  ctx.strokeStyle = dark;
  ctx.stroke();
  // Wing ribs.
  ctx.beginPath();
  ctx.moveTo(-6, 0);
  ctx.lineTo(-18, -30);
  ctx.moveTo(-8, 2);
  ctx.lineTo(-30, -22);
  ctx.moveTo(-10, 3);
  ctx.lineTo(-40, -12);
  ctx.lineWidth = 1.6;
  ctx.stroke();
  // Spikes along the back.
  for (const [x, y] of [[-24, 0], [-13, -6], [-2, -9], [9, -10]]) poly(ctx, [[x - 6, y + 5], [x, y - 8], [x + 6, y + 5]], spike, dark, 2);
  // Legs.
  poly(ctx, [[-20, 24], [-22, 42], [-10, 42], [-8, 26]], red, dark, 2.5);
  poly(ctx, [[6, 26], [6, 42], [18, 42], [16, 22]], red, dark, 2.5);
  ellipse(ctx, -16, 43, 7, 3, dark);
  ellipse(ctx, 12, 43, 7, 3, dark);
  // Body.
  ellipse(ctx, -4, 16, 28, 20, red, dark, 3);
  // Neck.
  poly(ctx, [[8, 4], [18, -18], [32, -12], [22, 16]], red);
  ctx.beginPath();
  ctx.moveTo(10, 2);
  ctx.lineTo(19, -16);
  ctx.moveTo(31, -10);
  ctx.lineTo(22, 14);
  ctx.lineWidth = 3;
  ctx.strokeStyle = dark;
  ctx.stroke();
  // Belly stripes.
  ellipse(ctx, 4, 22, 16, 10, belly);
  ctx.beginPath();
  for (const x of [-4, 3, 10]) {
    ctx.moveTo(x, 14);
    ctx.lineTo(x + 1, 30);
  }
  ctx.lineWidth = 1.2;
  ctx.strokeStyle = '#e6a23c';
  ctx.stroke();
  // Horns.
  poly(ctx, [[18, -30], [14, -46], [26, -33]], '#fff3e0', dark, 2);
  poly(ctx, [[28, -33], [30, -48], [36, -31]], '#fff3e0', dark, 2);
  // Head and snout.
  ellipse(ctx, 38, -16, 12, 9, red, dark, 3);
  ellipse(ctx, 26, -22, 14, 12, red, dark, 3);
  ellipse(ctx, 33, -19, 9, 7, red);
  // Nostril and mouth.
  ellipse(ctx, 45, -19, 1.8, 1.3, dark);
  ctx.beginPath();
  ctx.moveTo(36, -10);
  ctx.quadraticCurveTo(42, -8, 48, -13);
  ctx.lineWidth = 2;
  ctx.strokeStyle = dark;
  ctx.stroke();
  // Eye with a brow.
  eye(ctx, 26, -25, 5.5, [1, 0]);
  ctx.beginPath();
  ctx.moveTo(19, -33);
  ctx.lineTo(32, -31);
  ctx.lineWidth = 2.5;
  ctx.stroke();
}

const SPRITES = {
  frog: drawFrog,
  dragon: drawDragon,
};

/** The names of the sprites this module draws. */
export const SPRITE_NAMES = Object.freeze(Object.keys(SPRITES));

/**
 * Draws sprite `name` filling a `w` x `h` box centred on the context's origin. Returns
 * false (drawing nothing) for an unknown sprite.
 */
export function drawSprite(ctx, name, w, h) {
  const draw = Object.prototype.hasOwnProperty.call(SPRITES, name) ? SPRITES[name] : null;
  if (!draw) return false;
  ctx.save();
  ctx.scale(w / 100, h / 100);
  draw(ctx);
  ctx.restore();
  return true;
}
