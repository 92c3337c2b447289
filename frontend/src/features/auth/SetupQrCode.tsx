import { useLingui } from '@lingui/react/macro';
import encodeQR from 'qr';

/** Blank modules around the code, as the QR standard asks, so a camera finds its edges. */
const QUIET_ZONE = 4;

/** The dark modules of `matrix` as one SVG path, each a 1x1 square offset by the quiet zone. */
function modulesPath(matrix: readonly (readonly boolean[])[]): string {
  const squares: string[] = [];
  matrix.forEach((row, y) => {
    row.forEach((dark, x) => {
      if (dark) squares.push(`M${x + QUIET_ZONE} ${y + QUIET_ZONE}h1v1h-1z`);
    });
  });
  return squares.join('');
}

/**
 * The otpauth:// link as a QR code for an authenticator app's camera, drawn here (the `qr`
 * package, no service involved). Its own chunk: only the set-up screen loads it.
 */
export default function SetupQrCode({ uri }: { uri: string }) {
  const { t } = useLingui();
  const matrix = encodeQR(uri, 'raw', { ecc: 'medium' });
  const size = matrix.length + 2 * QUIET_ZONE;
  return (
    <svg
      role="img"
      aria-label={t`QR code for your authenticator app`}
      viewBox={`0 0 ${size} ${size}`}
      shapeRendering="crispEdges"
      className="size-48 bg-white"
    >
      <path d={modulesPath(matrix)} fill="black" />
    </svg>
  );
}
