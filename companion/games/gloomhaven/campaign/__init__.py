"""The Gloomhaven campaign table (`gloomhaven-campaign`): the party, the city,
the character sheets, the shop and the scenario tree kept between scenarios.

The maths lives in small pure modules (progression, deck, shop, tree); each
computed number comes with its working, a list of ``[msgid, params]`` lines
a page shows when the number is tapped."""
