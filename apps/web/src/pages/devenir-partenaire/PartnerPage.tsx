import { showcaseFr } from '@guichet/shared';
import { Button, Container, List, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck, IconHeartHandshake } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { useMeta } from '../../api/meta';
import { setBecomePartnerFlag } from '../../features/account/partner-flag';

const m = showcaseFr.partner;

/** /devenirPartenaire: who may join, what they get, free; the button opens /contact on Partenariat (§2). */
export default function PartnerPage() {
  const { brandName } = useMeta();
  const navigate = useNavigate();
  const join = () => {
    setBecomePartnerFlag();
    navigate('/contact');
  };
  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <Stack gap="xs">
          <ThemeIcon size={56} radius="xl" variant="light" aria-hidden>
            <IconHeartHandshake size={32} />
          </ThemeIcon>
          <Title order={1}>{m.title}</Title>
          <Text size="lg">{m.intro(brandName)}</Text>
        </Stack>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          <Paper withBorder radius="md" p="lg">
            <Title order={2} size="h3" mb="sm">
              {m.whoTitle}
            </Title>
            <List spacing="xs">
              {m.who.map((kind) => (
                <List.Item key={kind}>{kind}</List.Item>
              ))}
            </List>
          </Paper>
          <Paper withBorder radius="md" p="lg">
            <Title order={2} size="h3" mb="sm">
              {m.benefitsTitle}
            </Title>
            <List
              spacing="xs"
              icon={
                <ThemeIcon color="teal" size={20} radius="xl" aria-hidden>
                  <IconCheck size={14} />
                </ThemeIcon>
              }
            >
              {m.benefits.map((benefit) => (
                <List.Item key={benefit}>{benefit}</List.Item>
              ))}
            </List>
          </Paper>
        </SimpleGrid>
        <Text fw={700} size="lg">
          {m.free}
        </Text>
        <div>
          <Button size="md" onClick={join}>
            {m.cta}
          </Button>
        </div>
      </Stack>
    </Container>
  );
}
