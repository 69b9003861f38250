/**
 * A fake camera for Chromium: a Y4M video showing one QR code, played in a loop by
 * `--use-file-for-fake-video-capture`. Each frame is what a phone over a printed code
 * sees: the code's modules black on white inside a 4-module quiet zone, centred in a
 * 640×480 picture. The first frame draws 5 px per module (the size stack-notes found
 * html5-qrcode's bundled ZXing reads in Linux Chromium); the others, as a hand moves,
 * draw it a little smaller or larger and off-centre. One static frame alone was read in
 * most runs but not all (once, nothing in 15 s): the scanner scales its scan box from
 * the video, and ZXing misses some pixel-exact sizes at some scales.
 */
import { writeFileSync } from 'node:fs';
import QRCode from 'qrcode';

const width = 640;
const height = 480;
const quietZoneModules = 4;
/** Per frame: pixels per module and the shift from the centre, in pixels. */
const frames = [
  { pixelsPerModule: 5, dx: 0, dy: 0 },
  { pixelsPerModule: 4, dx: 7, dy: -5 },
  { pixelsPerModule: 6, dx: -9, dy: 6 },
  { pixelsPerModule: 7, dx: 3, dy: 9 },
  { pixelsPerModule: 8, dx: -4, dy: -3 },
];
// Studio-swing luma: black is 16, white 235; chroma 128 is grey, no colour.
const black = 16;
const white = 235;
const neutralChroma = 128;

type Modules = ReturnType<typeof QRCode.create>['modules'];

/** The luma (Y) plane of one frame showing the code's `modules`. */
function lumaPlane(modules: Modules, { pixelsPerModule, dx, dy }: (typeof frames)[number]): Buffer {
  const side = (modules.size + 2 * quietZoneModules) * pixelsPerModule;
  if (side + 2 * Math.max(Math.abs(dx), Math.abs(dy)) > height) {
    throw new Error(`fake camera: a ${modules.size}-module code at ${pixelsPerModule} px needs ${side} px, more than ${height}`);
  }
  const plane = Buffer.alloc(width * height, white);
  const left = Math.floor((width - side) / 2) + dx + quietZoneModules * pixelsPerModule;
  const top = Math.floor((height - side) / 2) + dy + quietZoneModules * pixelsPerModule;
  for (let row = 0; row < modules.size; row += 1) {
    for (let column = 0; column < modules.size; column += 1) {
      if (!modules.get(row, column)) continue;
      for (let line = 0; line < pixelsPerModule; line += 1) {
        const start = (top + row * pixelsPerModule + line) * width + left + column * pixelsPerModule;
        plane.fill(black, start, start + pixelsPerModule);
      }
    }
  }
  return plane;
}

/** Writes a Y4M video at `path` whose frames show `text` as a QR code. */
export function writeQrY4m(text: string, path: string): void {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`, 'ascii');
  const chroma = Buffer.alloc((width / 2) * (height / 2) * 2, neutralChroma); // U, then V
  const video = frames.flatMap((frame) => [Buffer.from('FRAME\n', 'ascii'), lumaPlane(modules, frame), chroma]);
  writeFileSync(path, Buffer.concat([header, ...video]));
}
