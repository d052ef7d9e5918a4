import { offersFr, parseProductSlug, showcaseFr } from '@guichet/shared';
import { Alert, Anchor, Badge, Container, Grid, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../api/client';
import { useShopProduct } from '../../api/shop';
import { usePageTitle } from '../../features/shell/use-page-title';
import { ProductGallery } from '../../features/shop/ProductGallery';
import { ProductPurchase } from '../../features/shop/ProductPurchase';
import { Loading } from '../../ui/Loading';

const m = showcaseFr.details;

/** /servicesDetails/{offre}-{id}: the gallery, the type, the quantity and the cart (§2). */
export default function ServiceDetailsPage() {
  const { slug = '' } = useParams();
  const { offer, id } = parseProductSlug(slug);
  const product = useShopProduct(id);
  usePageTitle(product.data?.title ?? (product.isError ? m.notFoundTitle : undefined));
  const back = `/services${offer ? `?offre=${offer}` : ''}`;
  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <Anchor component={Link} to={back} size="sm">
          <IconArrowLeft size={14} aria-hidden /> {m.back}
        </Anchor>
        {product.isPending ? (
          <Loading />
        ) : product.isError ? (
          <Alert color="red" role="alert">
            {product.error instanceof ApiError && product.error.status < 500 ? m.notFound : product.error.message}
          </Alert>
        ) : (
          <Grid gutter="xl">
            <Grid.Col span={{ base: 12, md: 7 }}>
              <ProductGallery images={product.data.images} title={product.data.title} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 5 }}>
              <Stack gap="md">
                <Badge variant="light">{offersFr.categories[product.data.category]}</Badge>
                <Title order={1}>{product.data.title}</Title>
                <Text>{product.data.description}</Text>
                <ProductPurchase key={product.data.id} product={product.data} />
              </Stack>
            </Grid.Col>
          </Grid>
        )}
      </Stack>
    </Container>
  );
}
