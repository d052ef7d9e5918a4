import NotFoundPage from '../not-found/NotFoundPage';

/** Being built: until then the route answers like an unknown page. */
export default function PaymentResultPage() {
  return <NotFoundPage />;
}
