import { checkoutStepsFr, fr, type TicketOption } from '@guichet/shared';
import { Button, Group, Modal, Radio, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Availability } from './TicketStep';

const g = checkoutStepsFr.gift;
const NONE = 'none';

/**
 * Step 2 (1-attendee.md §4): the chosen ticket offers tickets; the buyer takes one of them, free,
 * or none (a gift's quantity is 0 or 1).
 */
export function GiftModal({
  opened,
  gifts,
  chosen,
  onClose,
  onChoose,
}: {
  opened: boolean;
  gifts: TicketOption[];
  chosen: string | null;
  onClose: () => void;
  onChoose: (giftId: string | null) => void;
}) {
  const pickable = (gift: TicketOption) => !gift.isSoldOut && gift.isAvailable && gift.maxToBuy > 0;
  const [value, setValue] = useState(chosen ?? gifts.find(pickable)?.id ?? NONE);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={g.title}
      centered
      closeButtonProps={{ 'aria-label': fr.common.close }}
    >
      <Stack>
        <Radio.Group label={g.intro} value={value} onChange={setValue}>
          <Stack gap="xs" mt="xs">
            {gifts.map((gift) => (
              <Radio
                key={gift.id}
                value={gift.id}
                disabled={!pickable(gift)}
                label={
                  <Group gap="xs" component="span">
                    <Text component="span">{gift.title}</Text>
                    <Availability ticket={gift} />
                  </Group>
                }
                description={gift.description || undefined}
              />
            ))}
            <Radio value={NONE} label={g.none} />
          </Stack>
        </Radio.Group>
        <Group justify="flex-end">
          <Button onClick={() => onChoose(value === NONE ? null : value)}>{g.continue}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
