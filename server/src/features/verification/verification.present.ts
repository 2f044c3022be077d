import type { PublicUser } from '@muster/contract/users';
import type { StaffVerificationRequest, VerificationRequest } from '@muster/contract/verification';

type RequestRow = {
  id: string;
  organisationName: string;
  website: string;
  contactName: string;
  contactEmail: string | null;
  contactPhone: string | null;
  proof: string;
  status: VerificationRequest['status'];
  reason: string | null;
  decidedAt: Date | null;
  createdAt: Date;
};

export function presentRequest(r: RequestRow): VerificationRequest {
  return {
    _id: r.id,
    organisationName: r.organisationName,
    website: r.website,
    contactName: r.contactName,
    contactEmail: r.contactEmail,
    contactPhone: r.contactPhone,
    proof: r.proof,
    status: r.status,
    reason: r.reason,
    createdAt: r.createdAt.toISOString(),
    decidedAt: r.decidedAt?.toISOString() ?? null,
  };
}

/** With its author's card (users.card, the one rendering of a person: decision 010). */
export function presentStaffRequest(
  r: RequestRow & { card: string; accountCreatedAt: Date },
): StaffVerificationRequest {
  return {
    ...presentRequest(r),
    user: JSON.parse(r.card) as PublicUser,
    accountCreatedAt: r.accountCreatedAt.toISOString(),
  };
}
