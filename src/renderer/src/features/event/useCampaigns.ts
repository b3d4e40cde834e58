/**
 * The campaigns store of a page that judges event windows (the activity center, an event): its
 * clock follows `?now=` (QA, ./eventWindow.ts) and the event dates are loaded.
 */
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { useFeature } from '@renderer/stores/StoresContext';
import { type CampaignStore, campaignsFeature } from './CampaignStore';
import { nowFromQuery } from './eventWindow';

export function useCampaigns(): CampaignStore {
  const campaigns = useFeature(campaignsFeature);
  const { search } = useLocation();
  useEffect(() => {
    campaigns.setNowOverride(nowFromQuery(search));
    void campaigns.loadDates();
  }, [campaigns, search]);
  return campaigns;
}
