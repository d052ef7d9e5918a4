import {
  matchesSearch,
  OFFERS_SEARCH_MAX,
  type ShopCategory,
  type ShopOffer,
  shopCategories,
  shopOffers,
  showcaseFr,
} from '@guichet/shared';
import {
  Alert,
  Button,
  Container,
  Group,
  NativeSelect,
  SimpleGrid,
  Stack,
  Tabs,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useShopProducts } from '../../api/shop';
import { PageLoader } from '../../app/Layout';
import { ProductCard } from '../../features/shop/ProductCard';
import { selectedOffer } from '../../features/shop/selected-offer';
import classes from '../../features/shop/shop.module.css';

const m = showcaseFr.offers;
const isOffer = (value: string | null | undefined): value is ShopOffer =>
  (shopOffers as readonly string[]).includes(value ?? '');

/** "Nos offres": three tabs, a category filter and a search by title as one types (§2). */
export default function ServicesPage() {
  const [params, setParams] = useSearchParams();
  // Location by default; the tab in the address, else the offer opened in the last 2 hours.
  const [fallback] = useState<ShopOffer>(() => {
    const remembered = selectedOffer()?.offer;
    return isOffer(remembered) ? remembered : 'location';
  });
  const fromUrl = params.get('offre');
  const offer: ShopOffer = isOffer(fromUrl) ? fromUrl : fallback;
  const [category, setCategory] = useState<ShopCategory | ''>('');
  const [search, setSearch] = useState('');
  const products = useShopProducts(offer);

  const shown = (products.data ?? []).filter(
    (product) => (!category || product.category === category) && matchesSearch(product.title, search),
  );

  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <img
          src="/showcase/offers-banner.svg"
          alt=""
          width={1200}
          height={220}
          className={classes.banner}
          fetchPriority="high"
        />
        <Title order={1}>{m.title}</Title>
        <Tabs
          value={offer}
          onChange={(value) => {
            if (isOffer(value)) setParams({ offre: value }, { replace: true });
          }}
          keepMounted={false}
        >
          <Tabs.List>
            {shopOffers.map((kind) => (
              <Tabs.Tab key={kind} value={kind}>
                {m.tabs[kind]}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {shopOffers.map((kind) => (
            <Tabs.Panel key={kind} value={kind} pt="md">
              <Stack>
                <Group align="flex-end" grow preventGrowOverflow={false}>
                  <NativeSelect
                    label={m.categoryLabel}
                    value={category}
                    onChange={(event) => setCategory(event.currentTarget.value as ShopCategory | '')}
                    data={[
                      { value: '', label: m.categoryAll },
                      ...shopCategories.map((value) => ({ value, label: m.categories[value] })),
                    ]}
                    maw={260}
                  />
                  <TextInput
                    label={m.searchLabel}
                    placeholder={m.searchPlaceholder}
                    type="search"
                    value={search}
                    maxLength={OFFERS_SEARCH_MAX}
                    leftSection={<IconSearch size={16} aria-hidden />}
                    onChange={(event) => setSearch(event.currentTarget.value)}
                  />
                </Group>
                {products.isPending ? (
                  <PageLoader />
                ) : products.isError ? (
                  <Alert color="red" title={m.loadFailed}>
                    <Button variant="light" onClick={() => products.refetch()}>
                      {m.retry}
                    </Button>
                  </Alert>
                ) : (
                  <>
                    <Text size="sm" c="dimmed" aria-live="polite">
                      {m.count(shown.length)}
                    </Text>
                    {shown.length === 0 ? (
                      <Text>{m.empty}</Text>
                    ) : (
                      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="lg">
                        {shown.map((product, index) => (
                          <ProductCard key={product.id} product={product} eager={index < 3} />
                        ))}
                      </SimpleGrid>
                    )}
                  </>
                )}
              </Stack>
            </Tabs.Panel>
          ))}
        </Tabs>
      </Stack>
    </Container>
  );
}
