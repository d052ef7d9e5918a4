import { checkoutFr, discoveryFr } from '@guichet/shared';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { Link } from 'react-router';

/** Asked to pay an order that is paid already (another tab, a retry after it went through): the way to the tickets. */
export function AlreadyPaid() {
  return (
    <Alert color="teal" icon={<IconCircleCheck aria-hidden />} role="alert">
      <Stack gap="sm" align="flex-start">
        <Text>{checkoutFr.orderPaidAlready}</Text>
        <Button component={Link} to="/myTickets">
          {discoveryFr.page.seeMyTicket}
        </Button>
      </Stack>
    </Alert>
  );
}
