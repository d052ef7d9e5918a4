import { Alert, Button, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';

/** Said once places became the person's (a transfer accepted, an offer taken free), with the way to them. */
export function TicketsAreYours({ text, myTickets }: { text: string; myTickets: string }) {
  return (
    <Alert color="teal" role="status">
      <Stack gap="xs" align="flex-start">
        <Text>{text}</Text>
        <Button component={Link} to="/myTickets" variant="light">
          {myTickets}
        </Button>
      </Stack>
    </Alert>
  );
}
