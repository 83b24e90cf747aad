export interface User {
  id: string;
  provider: string;
  providerSubject: string;
  email: string;
  name: string;
  picture: string | null;
  createdAt: Date;
}
