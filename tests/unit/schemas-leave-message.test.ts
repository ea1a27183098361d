import { MESSAGES } from '@/lib/shared/schemas';
import { LEAVE_MESSAGE_MESSAGES, leaveMessageSchema } from '@/lib/messages/schemas';
import { issuesOf } from './schemas-helpers';

const valid = { Name: 'Ion Popescu', PhoneNumber: '0721234567', Email: 'ion@firma.ro', Message: 'Bună ziua!' };

describe('leaveMessageSchema', () => {
  it('uses the spec texts', () => {
    expect(LEAVE_MESSAGE_MESSAGES).toEqual({
      name: 'Numele este obligatoriu.',
      phone: 'Telefonul este obligatoriu.',
      email: 'Email-ul este obligatoriu.',
      messageMax: 'Mesajul poate să conțină maximum 200 de caractere.',
    });
  });

  it('accepts a valid message, the message itself being optional', () => {
    expect(issuesOf(leaveMessageSchema, valid)).toEqual({});
    expect(leaveMessageSchema.parse({ ...valid, Message: undefined }).Message).toBe('');
  });

  it('requires name, phone and email with their own texts', () => {
    expect(issuesOf(leaveMessageSchema, { Name: ' ', PhoneNumber: '', Email: '' })).toEqual({
      Name: ['Numele este obligatoriu.'],
      PhoneNumber: ['Telefonul este obligatoriu.'],
      Email: ['Email-ul este obligatoriu.'],
    });
  });

  it('needs a valid email', () => {
    expect(issuesOf(leaveMessageSchema, { ...valid, Email: 'ion@' })).toEqual({ Email: [MESSAGES.email] });
  });

  it('allows 200 characters of message, not 201', () => {
    expect(issuesOf(leaveMessageSchema, { ...valid, Message: 'ă'.repeat(200) })).toEqual({});
    expect(issuesOf(leaveMessageSchema, { ...valid, Message: 'ă'.repeat(201) })).toEqual({
      Message: ['Mesajul poate să conțină maximum 200 de caractere.'],
    });
  });
});
