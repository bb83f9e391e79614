import { Table2 } from 'lucide-react';
import { PageHeader } from '@web/components/layout/page-header';

export function YextFieldMappingTestPage() {
  return (
    <PageHeader
      icon={Table2}
      title="Field Mapping Test"
      description={<p>Run a hospital’s field mappings against a sample listing-service entity and see which profile section and field each value lands in, including fallbacks and defaults.</p>}
    />
  );
}

export { YextFieldMappingTestPage as Component };
