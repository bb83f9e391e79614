import type { ComponentProps } from 'react';
import { cn } from '@web/lib/cn';

const widths = { narrow: 'max-w-3xl', medium: 'max-w-5xl', wide: 'max-w-7xl' } as const;

interface ContainerProps extends ComponentProps<'div'> {
  width?: keyof typeof widths;
}

export function Container({ width = 'wide', className, ...props }: ContainerProps) {
  return <div className={cn('mx-auto w-full px-4 sm:px-6 lg:px-8', widths[width], className)} {...props} />;
}
