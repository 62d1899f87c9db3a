import { t } from '@lingui/core/macro';
import Alert from '@mui/material/Alert';
import { useEffect, useRef, useState } from 'react';
import { frameReader } from './cameraFrames';

/** The same code seen again within this time is the same person still holding it up, not a new scan. */
const REPEAT_MS = 3000;

function cameraProblem(error: unknown): string {
  const name = error instanceof Error ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError')
    return t`The camera is not allowed here. Type the code under the QR instead.`;
  if (name === 'NotFoundError' || name === 'OverconstrainedError')
    return t`No camera found on this device. Type the code under the QR instead.`;
  return t`The camera could not be started. Type the code under the QR instead.`;
}

/** Live camera view that hands every QR code it reads to `onCode`; falls back to typing with a short reason. */
export default function CameraScanner({ onCode }: { onCode: (text: string) => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const handler = useRef(onCode);
  useEffect(() => {
    handler.current = onCode;
  }, [onCode]);

  useEffect(() => {
    let stopped = false;
    let stream: MediaStream | null = null;
    let last = { text: '', at: 0 };
    (async () => {
      if (!navigator.mediaDevices?.getUserMedia)
        throw Object.assign(new Error('no camera API'), { name: 'NotFoundError' });
      stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
      if (stopped || !video.current) return;
      video.current.srcObject = stream;
      await video.current.play();
      const read = await frameReader();
      while (!stopped && video.current) {
        const text = await read(video.current).catch(() => null);
        const now = Date.now();
        if (text && (text !== last.text || now - last.at > REPEAT_MS)) {
          last = { text, at: now };
          handler.current(text);
        }
        await new Promise((resolve) => setTimeout(resolve, 120));
      }
    })().catch((error: unknown) => {
      console.warn('Camera scan stopped:', error);
      if (!stopped) setProblem(cameraProblem(error));
    });
    return () => {
      stopped = true;
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, []);

  if (problem)
    return (
      <Alert severity="info" data-testid="camera-problem">
        {problem}
      </Alert>
    );
  return (
    <video
      ref={video}
      muted
      playsInline
      aria-label={t`Camera view for scanning tickets`}
      style={{ width: '100%', maxWidth: 480, borderRadius: 8, background: '#000' }}
    />
  );
}
