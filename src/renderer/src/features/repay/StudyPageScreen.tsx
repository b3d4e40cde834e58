/** /repay/ph/studyPage: the Maya WebPay tutorial (PRODUCT.md §2). */
import { MoneyPage } from '@renderer/components/MoneyPage';
import { MAYA_ACCOUNT_RULE } from './repayRules';

const LESSONS: readonly { title: string; text: string }[] = [
  {
    title: '1. Choose Maya WebPay',
    text: 'On the Bill page tick the installments to pay, tap REPAY and choose Maya WebPay.',
  },
  {
    title: '2. Enter your Maya account',
    text: `${MAYA_ACCOUNT_RULE} It is the mobile number registered with Maya, for example 09171234567.`,
  },
  {
    title: '3. Log in to Maya',
    text: 'Tap REPAY, then Open Payment Page. Log in on the Maya checkout page with your mobile number and password, then enter the one-time PIN Maya sends you.',
  },
  {
    title: '4. Confirm the payment',
    text: 'Check the amount and tap Pay. Come back to Direct Loan and tap I Have Paid to see the result.',
  },
];

export default function StudyPageScreen() {
  return (
    <MoneyPage title="How to pay with Maya WebPay">
      {LESSONS.map((lesson) => (
        <div className="money-card" key={lesson.title}>
          <h2>{lesson.title}</h2>
          <p>{lesson.text}</p>
        </div>
      ))}
    </MoneyPage>
  );
}
