import {
  matchesSearch,
  OFFERS_SEARCH_MAX,
  offersFr,
  type ShopCategory,
  type ShopOffer,
  shopCategories,
  shopOffers,
} from '@guichet/shared';
import { Button, Container, Group, SimpleGrid, Stack, Tabs, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useShopProducts } from '../../api/shop';
import { ProductCard } from '../../features/shop/ProductCard';
import { selectedOffer } from '../../features/shop/selected-offer';
import classes from '../../features/shop/shop.module.css';
import { Loading } from '../../ui/Loading';

const m = offersFr;
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
        <img src="/showcase/offers-banner.svg" alt="" width={1200} height={220} className={classes.banner} />
        <Title order={1}>{m.title}</Title>
        <Tabs
          value={offer}
          onChange={(value) => {
            if (isOffer(value)) setParams({ offre: value }, { replace: true });
          }}
          keepMounted={false}
        >
          <Tabs.List className={classes.tabList}>
            {shopOffers.map((kind) => (
              <Tabs.Tab key={kind} value={kind}>
                {m.tabs[kind]}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {shopOffers.map((kind) => (
            <Tabs.Panel key={kind} value={kind} pt="md">
              <Stack>
                <Group align="flex-end" gap="lg">
                  <div>
                    <Text size="sm" fw={500} mb={4} id={`category-${kind}`}>
                      {m.categoryLabel}
                    </Text>
                    <Group gap={6} role="group" aria-labelledby={`category-${kind}`}>
                      {(['', ...shopCategories] as const).map((value) => (
                        <Button
                          key={value || 'all'}
                          size="xs"
                          radius="xl"
                          variant={category === value ? 'filled' : 'default'}
                          aria-pressed={category === value}
                          onClick={() => setCategory(value)}
                        >
                          {value ? m.categories[value] : m.categoryAll}
                        </Button>
                      ))}
                    </Group>
                  </div>
                  <label className={classes.search}>
                    {m.searchLabel}
                    <input
                      type="search"
                      placeholder={m.searchPlaceholder}
                      value={search}
                      maxLength={OFFERS_SEARCH_MAX}
                      onChange={(event) => setSearch(event.currentTarget.value)}
                    />
                  </label>
                </Group>
                {products.isPending ? (
                  <Loading />
                ) : products.isError ? (
                  <Stack align="flex-start" role="alert">
                    <Text c="var(--mantine-color-error)">{m.loadFailed}</Text>
                    <Button variant="light" onClick={() => products.refetch()}>
                      {m.retry}
                    </Button>
                  </Stack>
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
                          <ProductCard key={product.id} product={product} eager={index < 3} first={index === 0} />
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
