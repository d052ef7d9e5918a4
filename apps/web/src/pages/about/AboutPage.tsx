import { legalFr } from '@guichet/shared';
import { useMeta } from '../../api/meta';
import { LegalPage } from '../../features/legal/LegalPage';

/** Who the product is for and what it does, with the ways to reach the team. */
export default function AboutPage() {
  const { brandName } = useMeta();
  const content = legalFr.about(brandName);
  return <LegalPage title={content.title} intro={content.intro} sections={content.sections} />;
}
