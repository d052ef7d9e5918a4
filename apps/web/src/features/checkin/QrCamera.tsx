import { checkinFr } from '@guichet/shared';
import { Alert, Box, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { IconCamera, IconCameraOff } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { createQrDetector } from './qr-detector';
import classes from './Scanner.module.css';

const m = checkinFr.scanner;

/**
 * The same code held in front of the camera is read once, not every frame nor every few seconds
 * (a duo ticket held while the result is read would let its second person in): it is read again
 * once this many frames in a row have not shown it (about a second), or after another code.
 * Counted in frames, not time: a busy phone reads fewer frames, not fewer absences.
 */
const SAME_CODE_GONE_FRAMES = 8;
const FRAME_INTERVAL_MS = 120;

type CameraState = 'off' | 'starting' | 'on' | 'denied' | 'unavailable';

/** The phone's camera reading QR codes; `onCode` gets each new code once. */
export function QrCamera({ onCode, paused }: { onCode: (code: string) => void; paused: boolean }) {
  const video = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<CameraState>('off');
  const handler = useRef(onCode);
  handler.current = onCode;
  const pausedRef = useRef(paused);
  pausedRef.current = paused;

  const running = state === 'starting' || state === 'on';

  useEffect(() => {
    if (!running) return;
    let stream: MediaStream | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const last = { code: '', framesWithout: 0 };
    (async () => {
      try {
        const [media, detector] = await Promise.all([
          navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false }),
          createQrDetector(),
        ]);
        stream = media;
        if (stopped || !video.current) return;
        video.current.srcObject = media;
        await video.current.play();
        setState('on');
        const tick = async () => {
          if (stopped || !video.current) return;
          // While a scan is checked the camera is not read, and the code in view stays the last one.
          if (!pausedRef.current && video.current.readyState >= 2) {
            try {
              const [found] = await detector.detect(video.current);
              const code = found?.rawValue;
              if (code && (code !== last.code || last.framesWithout >= SAME_CODE_GONE_FRAMES)) {
                last.code = code;
                handler.current(code);
              }
              last.framesWithout = code === last.code ? 0 : last.framesWithout + 1;
            } catch {
              // A frame that cannot be read: the next one will be.
            }
          }
          timer = setTimeout(tick, FRAME_INTERVAL_MS);
        };
        void tick();
      } catch (error) {
        if (stopped) return;
        const name = error instanceof DOMException ? error.name : '';
        setState(name === 'NotAllowedError' || name === 'SecurityError' ? 'denied' : 'unavailable');
      }
    })();
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, [running]);

  return (
    <Stack gap="sm">
      <Box className={classes.camera} data-running={running || undefined}>
        <video ref={video} className={classes.video} playsInline muted aria-label={m.cameraHint} />
        {state === 'starting' && (
          <Group className={classes.cameraOverlay} justify="center">
            <Loader color="white" />
          </Group>
        )}
        {state === 'on' && <div className={classes.frame} aria-hidden />}
        {!running && (
          <Group className={classes.cameraOverlay} justify="center">
            <IconCamera size={48} aria-hidden />
          </Group>
        )}
      </Box>
      {state === 'on' && (
        <Text size="sm" c="dimmed" ta="center">
          {m.cameraHint}
        </Text>
      )}
      {state === 'denied' && (
        <Alert color="orange" role="alert">
          {m.cameraDenied}
        </Alert>
      )}
      {state === 'unavailable' && (
        <Alert color="orange" role="alert">
          {m.cameraUnavailable}
        </Alert>
      )}
      {running ? (
        <Button variant="default" leftSection={<IconCameraOff size={18} aria-hidden />} onClick={() => setState('off')}>
          {m.stopCamera}
        </Button>
      ) : (
        <Button size="lg" leftSection={<IconCamera size={20} aria-hidden />} onClick={() => setState('starting')}>
          {m.startCamera}
        </Button>
      )}
    </Stack>
  );
}
