import { checkoutStepsFr } from '@guichet/shared';
import { Group, Text, VisuallyHidden } from '@mantine/core';
import { IconClock } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';

const format = (seconds: number) =>
  `${String(Math.floor(seconds / 60)).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;

/**
 * The time left to pay, until the server's deadline. The visible mm:ss is a timer (not read out
 * every second); a polite live region says the minutes left once a minute.
 */
export function Countdown({ deadline, onElapsed }: { deadline: number; onElapsed: () => void }) {
  const left = () => Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
  const [seconds, setSeconds] = useState(left);
  const elapsed = useRef(onElapsed);
  elapsed.current = onElapsed;

  useEffect(() => {
    const tick = () => {
      const now = Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
      setSeconds(now);
      if (now === 0) {
        window.clearInterval(timer);
        elapsed.current();
      }
    };
    const timer = window.setInterval(tick, 1000);
    tick();
    return () => window.clearInterval(timer);
  }, [deadline]);

  return (
    <Group gap="xs" wrap="nowrap">
      <IconClock size={20} aria-hidden />
      <Text>{checkoutStepsFr.payment.countdownLabel} :</Text>
      <Text role="timer" fw={700} ff="monospace" data-testid="payment-countdown">
        {format(seconds)}
      </Text>
      <VisuallyHidden aria-live="polite">{checkoutStepsFr.payment.remaining(Math.ceil(seconds / 60))}</VisuallyHidden>
    </Group>
  );
}
