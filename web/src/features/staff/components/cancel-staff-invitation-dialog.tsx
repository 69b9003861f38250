/**
 * Withdrawing a staff invitation, after a confirmation: the person can no longer accept it.
 * The same question and answers as a customer's invitation, with the staff list's request.
 */
import { CancelInvitationDialog } from '@/features/invitations/public';
import { useCancelStaffInvitation } from '@/features/staff/api/cancel-staff-invitation';
import type { StaffInvitation } from '@/features/staff/api/get-staff';

interface CancelStaffInvitationDialogProps {
  /** The invitation to withdraw; the dialog is closed while null. */
  invitation: StaffInvitation | null;
  onClose: () => void;
}

export function CancelStaffInvitationDialog({ invitation, onClose }: CancelStaffInvitationDialogProps) {
  return <CancelInvitationDialog invitation={invitation} onClose={onClose} useCancel={useCancelStaffInvitation} />;
}
