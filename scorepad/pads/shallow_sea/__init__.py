"""Shallow Sea on the site: the setup, each ocean tapped into a drawing of the board
(or copied from the paper pad), the Sealife catalogue, and each person's Achievement
Record Sheet and solo ladder."""
