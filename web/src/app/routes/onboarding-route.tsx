// /onboarding and /onboarding-after-signup. The guide (onboarding feature) needs two things of the
// documents feature: whether the user has a document yet, and the dialog that creates the first one.
// Features do not import each other, so this route composes them.
import { useQuery } from '@tanstack/react-query';
import { documentsQueryOptions } from '@/features/documents/api/get-documents';
import { CreateDocumentDialog } from '@/features/documents/components/create-document-dialog';
import {
  OnboardingPage,
  type OnboardingVariant,
  type OnboardingVisibility,
} from '@/features/onboarding/components/onboarding-page';

/** The guide is for users without documents: once the first one exists, it is not shown again. */
function useOnboardingVisibility(): OnboardingVisibility {
  const documents = useQuery({
    ...documentsQueryOptions(),
    meta: { errorMessage: 'Could not load the documents for the onboarding guide.' },
  });
  if (documents.data) return documents.data.length > 0 ? 'done' : 'show';
  // Unknown: the guide is harmless, so it shows.
  return documents.isError ? 'show' : 'checking';
}

function OnboardingRoute({ variant }: { variant: OnboardingVariant }) {
  const visibility = useOnboardingVisibility();
  return (
    <OnboardingPage
      variant={variant}
      visibility={visibility}
      renderCreateDocumentDialog={(onClose) => <CreateDocumentDialog onClose={onClose} />}
    />
  );
}

export function OnboardingAfterLoginRoute() {
  return <OnboardingRoute variant="after-login" />;
}

export function OnboardingAfterSignupRoute() {
  return <OnboardingRoute variant="after-signup" />;
}
