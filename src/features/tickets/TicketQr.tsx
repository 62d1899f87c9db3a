import { useLingui } from '@lingui/react/macro';
import { encode } from 'uqr';

/** The ticket's code as a QR code, drawn here on the device (never fetched), encoding exactly that text. */
export function TicketQr({ code, size = 220 }: { code: string; size?: number }) {
  const { t } = useLingui();
  const { data } = encode(code, { ecc: 'M', border: 4 });
  const modules = data.length;
  // One path of unit squares: crisp at any size and in print, and light for the DOM.
  // eslint-disable-next-line lingui/no-unlocalized-strings -- SVG path commands, not words
  const path = data.flatMap((row, y) => row.flatMap((dark, x) => (dark ? [`M${x} ${y}h1v1h-1z`] : []))).join('');
  return (
    <svg
      role="img"
      aria-label={t`QR code of ticket ${code}`}
      data-testid="ticket-qr"
      viewBox={`0 0 ${modules} ${modules}`}
      width={size}
      height={size}
      shapeRendering="crispEdges"
      style={{ background: '#fff', display: 'block' }}
    >
      <rect width={modules} height={modules} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
