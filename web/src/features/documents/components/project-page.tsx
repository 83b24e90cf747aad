import { Navigate, useParams } from 'react-router-dom';
import { paths } from '@/config/paths';

/** /project/:projectId (docs/product.md § Screens): a project is a document, so it opens its details. */
export function ProjectPage() {
  const { projectId = '' } = useParams();
  return <Navigate to={paths.documentDetails.getHref(projectId)} replace />;
}
