/** Information pairs, steps and step notices of a channel (Palawan shows its second set too). */
import type { RepayChannel } from '@shared/api/entities';

function Steps({ title, steps, notice }: { title: string; steps: string[]; notice?: string }) {
  return (
    <div className="money-card">
      <h2>{title}</h2>
      <ol className="step-list">
        {steps.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
      {notice && <p className="money-muted">{notice}</p>}
    </div>
  );
}

export function ChannelInstructions({ channel }: { channel: RepayChannel }) {
  const titles = channel.stepTitles ?? [];
  return (
    <>
      <div className="money-card">
        <dl className="info-pairs">
          {channel.information.map((pair) => (
            <div key={pair.label} style={{ display: 'contents' }}>
              <dt>{pair.label}</dt>
              <dd>{pair.value}</dd>
            </div>
          ))}
        </dl>
      </div>
      <Steps
        title={titles[0] ?? 'How to pay'}
        steps={channel.stepList}
        notice={channel.stepNotice}
      />
      {channel.stepList2 && (
        <Steps
          title={titles[1] ?? 'Another way to pay'}
          steps={channel.stepList2}
          notice={channel.stepNotice2}
        />
      )}
    </>
  );
}
