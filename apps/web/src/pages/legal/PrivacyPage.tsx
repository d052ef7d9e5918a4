import { legalFr } from '@guichet/shared';
import { useMeta } from '../../api/meta';
import { LegalPage } from '../../features/legal/LegalPage';

/** The privacy policy: a static legal text. */
export default function PrivacyPage() {
  const { brandName } = useMeta();
  const content = legalFr.privacy(brandName);
  return (
    <LegalPage title={content.title} updatedAt={content.updatedAt} intro={content.intro} sections={content.sections} />
  );
}
