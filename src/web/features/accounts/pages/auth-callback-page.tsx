import { KeyRound, LinkIcon, MailCheck, TriangleAlert } from 'lucide-react';
import { useMemo } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { AuthCard } from '@web/components/layout/auth-card';
import { Button, buttonClasses } from '@web/components/ui/button';
import { isApiError } from '@web/lib/api-client';
import { useCompleteCallback, type CallbackInput } from '../api/complete-callback';
import { FormAlert } from '@web/components/form/form-alert';
import { readCallbackParams, type CallbackParams } from '../lib/callback-params';
import { errorMessage } from '@web/lib/server-errors';

function isCallbackType(type: string | null): type is CallbackInput['type'] {
  return type === 'magiclink' || type === 'email';
}

function isSitePath(path: unknown): path is string {
  return typeof path === 'string' && path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/\\');
}

function newLinkTarget(params: CallbackParams) {
  if (params.admin) return { to: '/admin/login', label: 'Request a new link' };
  if (params.type === 'email') return { to: '/email-verification', label: 'Send a new confirmation link' };
  return { to: '/login', label: 'Request a new link' };
}

function Problem({ title, message, params }: { title: string; message: string; params: CallbackParams }) {
  const target = newLinkTarget(params);
  return (
    <AuthCard icon={TriangleAlert} title={title} description={<p>{message}</p>}>
      <Link to={target.to} className={buttonClasses({ size: 'lg', className: 'w-full' })}>
        {target.label}
      </Link>
      <p className="mt-6 text-center text-sm text-gray-600">
        Need help?{' '}
        <Link to="/help" className="font-semibold text-brand-700 hover:underline">
          Visit the Help Center
        </Link>
      </p>
    </AuthCard>
  );
}

/**
 * Where e-mailed sign-in and confirmation links land. Nothing is verified until the person clicks
 * Continue: mail scanners open links ahead of people, and a link works only once.
 */
export function AuthCallbackPage() {
  const { search, hash } = useLocation();
  const navigate = useNavigate();
  const params = useMemo(() => readCallbackParams(search, hash), [search, hash]);
  const complete = useCompleteCallback();

  if (params.error) {
    return (
      <Problem
        title="We couldn't sign you in"
        message={params.errorDescription || 'This link could not be used. It may have expired or been used already. Please request a new one.'}
        params={params}
      />
    );
  }

  if (!params.token || !isCallbackType(params.type)) {
    return (
      <Problem
        title="This link is incomplete"
        message="Part of the link seems to be missing. Some email programs break long links; try copying the whole link into your browser, or request a new one."
        params={params}
      />
    );
  }

  const input: CallbackInput = { token_hash: params.token, type: params.type, admin: params.admin };
  const confirmingEmail = input.type === 'email';

  const onContinue = async () => {
    try {
      const result = await complete.mutateAsync(input);
      if (confirmingEmail) toast.success('Email confirmed', { description: 'Your email address is confirmed.' });
      await navigate(isSitePath(result.redirectTo) ? result.redirectTo : confirmingEmail ? '/login' : '/dashboard', { replace: true });
    } catch {
      // Shown from the mutation state below.
    }
  };

  const error = complete.error;
  // A link that the server refused will not work on a second try; a dropped connection might.
  if (error && isApiError(error) && error.status >= 400 && error.status < 500) {
    return (
      <Problem
        title={error.code === 'MAGIC_LINK_EXPIRED' ? 'This link has expired' : "We couldn't use this link"}
        message={errorMessage(error)}
        params={params}
      />
    );
  }

  return (
    <AuthCard
      icon={confirmingEmail ? MailCheck : input.admin ? KeyRound : LinkIcon}
      title={confirmingEmail ? 'Confirm your email address' : 'Continue to sign in'}
      description={
        <p>
          {confirmingEmail
            ? 'Click Continue to confirm this email address for your Vitae account.'
            : input.admin
              ? 'Click Continue to finish signing in to the Vitae administration area.'
              : 'Click Continue to finish signing in to Vitae. The link works once.'}
        </p>
      }
    >
      <div className="space-y-4">
        {error ? <FormAlert>{errorMessage(error)}</FormAlert> : null}
        <Button size="lg" className="w-full" onClick={() => void onContinue()} loading={complete.isPending || complete.isSuccess}>
          {error ? 'Try again' : 'Continue'}
        </Button>
      </div>
    </AuthCard>
  );
}

export { AuthCallbackPage as Component };
