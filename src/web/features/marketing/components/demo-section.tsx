import { useMemo } from 'react';
import { useConfig } from '@web/lib/app-config';
import { useCalendlyWidget, useNearViewport } from '../hooks/use-calendly-widget';
import { schedulingEmbedFor } from '../scheduling-embed';
import { DemoSectionView } from './demo-section-view';

export function DemoSection() {
  const config = useConfig();
  const schedulingUrl = config.data?.schedulingUrl;
  const embed = useMemo(() => schedulingEmbedFor(schedulingUrl), [schedulingUrl]);
  const { ref, near } = useNearViewport<HTMLElement>();
  const widget = useCalendlyWidget(embed, near);
  return <DemoSectionView sectionRef={ref} configLoading={config.isPending} embed={embed} status={widget.status} onOpen={widget.open} />;
}
